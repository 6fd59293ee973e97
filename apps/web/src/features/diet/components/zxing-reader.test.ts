import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { describe, expect, it } from "vitest";
import { ean13Rgba } from "@fitwise/contracts/fixtures/ean13-picture";
import { codeToLookUp, SCANNED_FORMATS, zxingLocateFile } from "./camera-scan";

describe("the ZXing reader for browsers without a BarcodeDetector", () => {
  it("is pointed at the wasm our build serves, never at a CDN", () => {
    const locate = zxingLocateFile("/assets/zxing_reader-abc123.wasm");
    expect(locate("zxing_reader.wasm", "https://cdn.jsdelivr.net/npm/zxing-wasm@3/dist/reader/")).toBe(
      "/assets/zxing_reader-abc123.wasm",
    );
    expect(locate("other.data", "/assets/")).toBe("/assets/other.data");
  });

  it("reads an EAN-13 from a camera-sized picture with the very wasm file the build ships, offline", async () => {
    // The file Vite emits for `zxing-wasm/reader/zxing_reader.wasm?url`; handed over as bytes, no network.
    const wasmPath = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
    const wasmBinary = readFileSync(wasmPath);
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(
          wasmBinary.byteOffset,
          wasmBinary.byteOffset + wasmBinary.byteLength,
        ),
      },
      fireImmediately: true,
    });
    const found = await readBarcodes(ean13Rgba("4006381333931"), {
      formats: ["EAN13"],
    });
    expect(found.map((result) => result.text)).toEqual(["4006381333931"]);
    expect(codeToLookUp(found.map((result) => result.text))).toBe("4006381333931");
    expect(SCANNED_FORMATS).toContain("ean_13");
  });
});
