import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

describe("CSV", () => {
  it("quotes what needs quoting and reads it back", () => {
    const rows = [
      ["name", "note"],
      ["Bench press, flat", 'said "heavy"'],
      ["Squat", "two\nlines"],
    ];
    const text = toCsv(rows);
    expect(text).toBe('name,note\r\n"Bench press, flat","said ""heavy"""\r\nSquat,"two\nlines"\r\n');
    expect(parseCsv(text).map((row) => row.fields)).toEqual(rows);
  });

  it("takes LF endings, a byte-order mark and blank lines, and numbers rows as a spreadsheet does", () => {
    expect(parseCsv("\uFEFFdate,weight_kg\n2026-01-02,80\n\n2026-01-03,79.5")).toEqual([
      { line: 1, fields: ["date", "weight_kg"] },
      { line: 2, fields: ["2026-01-02", "80"] },
      { line: 4, fields: ["2026-01-03", "79.5"] },
    ]);
  });

  it("reads semicolon-separated files when told to", () => {
    expect(parseCsv('Date;Exercise Name;Weight\n2019-01-11 12:31:54;"Deadlift (Barbell)";20,5', ";")).toEqual(
      [
        { line: 1, fields: ["Date", "Exercise Name", "Weight"] },
        { line: 2, fields: ["2019-01-11 12:31:54", "Deadlift (Barbell)", "20,5"] },
      ],
    );
  });
});
