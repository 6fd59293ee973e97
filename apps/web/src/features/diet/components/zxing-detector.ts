import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { SCANNED_FORMATS, zxingLocateFile, type DetectorLike } from "./camera-scan";

/**
 * The barcode reader for browsers without their own BarcodeDetector (Firefox, Safari, desktop Chrome on Linux and
 * Windows): ZXing-C++ compiled to WebAssembly, through the maintained `barcode-detector` ponyfill (docs/decisions/068).
 * Its wasm (about 1 MB) is emitted into our build and served from our origin; the library's default would fetch it
 * from a CDN. This module is its own chunk, loaded only when "Scan with camera" finds no built-in detector.
 */
export function zxingDetector(): DetectorLike {
  prepareZXingModule({ overrides: { locateFile: zxingLocateFile(wasmUrl) }, fireImmediately: false });
  return new BarcodeDetector({ formats: [...SCANNED_FORMATS] });
}
