import { describe, expect, it } from "vitest";
import { readWeighInCsv, weighInsToCsv } from "./weigh-in-csv";

const TODAY = "2026-11-27";

describe("weigh-ins as CSV", () => {
  const entries = [
    { date: "2026-11-01", weight_kg: 82.4 },
    { date: "2026-11-08", weight_kg: 81.9 },
    { date: "2026-11-15", weight_kg: 81.25 },
  ];

  it("exports date and weight_kg, and imports them back into an empty account as they were", () => {
    const csv = weighInsToCsv(entries);
    expect(csv).toBe("date,weight_kg\r\n2026-11-01,82.4\r\n2026-11-08,81.9\r\n2026-11-15,81.25\r\n");
    const read = readWeighInCsv(csv, [], TODAY);
    expect(read.skipped).toEqual([]);
    expect(read.rows.map(({ date, weight_kg }) => ({ date, weight_kg }))).toEqual(entries);
  });

  it("imports nothing twice: the same file into the account it came from has nothing to import", () => {
    const read = readWeighInCsv(weighInsToCsv(entries), entries, TODAY);
    expect(read.rows).toEqual([]);
    expect(read.skipped.map((row) => row.reason)).toEqual([
      "2026-11-01 is already logged with 82.4 kg.",
      "2026-11-08 is already logged with 81.9 kg.",
      "2026-11-15 is already logged with 81.25 kg.",
    ]);
  });

  it("reports each bad row with its line and reason, converts pounds and says what it replaces", () => {
    const csv = [
      "Date,Weight_lb,note",
      "2026-11-20,180,",
      "20/11/2026,180,",
      "2026-11-28,180,tomorrow",
      "2026-11-21,,",
      "2026-11-22,2000,",
      "2026-11-20,181,again",
      "2026-11-08,179,",
    ].join("\n");
    const read = readWeighInCsv(csv, entries, TODAY);
    expect(read.rows).toEqual([
      { line: 2, date: "2026-11-20", weight_kg: 81.65 },
      { line: 8, date: "2026-11-08", weight_kg: 81.19, replacesKg: 81.9 },
    ]);
    expect(read.skipped).toEqual([
      { line: 3, reason: '"20/11/2026" is not a date as YYYY-MM-DD from 1900 on.' },
      { line: 4, reason: "2026-11-28 is in the future." },
      { line: 5, reason: '"" is not a weight.' },
      { line: 6, reason: "907.19 kg is outside 25–350 kg." },
      { line: 7, reason: "2026-11-20 is already on line 2." },
    ]);
  });

  it("refuses a file without the columns it needs", () => {
    expect(readWeighInCsv("day,kg\n2026-11-01,80\n", [], TODAY)).toEqual({
      rows: [],
      skipped: [],
      problem: "The first line must name the columns date and weight_kg (or weight_lb).",
    });
  });
});
