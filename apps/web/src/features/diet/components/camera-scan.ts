import { hasValidCheckDigit } from "@fitwise/contracts/diary";

/**
 * Camera scanning's pure part (docs/decisions/068): which detected value becomes the lookup, and what to say
 * when the camera cannot be used. The camera itself cannot run in CI; these can.
 */

/** The formats lookup_barcode takes (EAN-8, UPC-A, EAN-13; GTIN-14 is not printed as its own symbology). */
export const SCANNED_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e"] as const;

/**
 * The first detected value that is a code lookup_barcode accepts (8, 12, 13 or 14 digits with a valid GS1 check
 * digit); undefined while none is. A QR code or a half-read code in the same frame is passed over.
 */
export function codeToLookUp(rawValues: readonly string[]): string | undefined {
  return rawValues
    .map((value) => value.replace(/\s+/g, ""))
    .find((digits) => /^(\d{8}|\d{12,14})$/.test(digits) && hasValidCheckDigit(digits));
}

/** What the person is told when getUserMedia fails, by the DOMException's name. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The camera was not allowed. Allow it in your browser's site settings, or type the number under the bars.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera was found on this device. Type the number under the bars instead.";
  if (name === "NotReadableError")
    return "The camera is in use by another app. Close it and try again, or type the number.";
  return "The camera could not be started. Type the number under the bars instead.";
}

/**
 * Where the ZXing module finds its files: the wasm at the URL our build gave it, never the CDN the library would
 * use by default (nothing of ours is fetched from another origin, and the CSP allows none).
 */
export function zxingLocateFile(wasmUrl: string): (path: string, prefix: string) => string {
  return (path, prefix) => (path.endsWith(".wasm") ? wasmUrl : prefix + path);
}

export interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

/** The browser's own BarcodeDetector where it has one with the formats we read; undefined elsewhere. */
export async function nativeDetector(): Promise<DetectorLike | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector === undefined) return undefined;
  const supported = await Detector.getSupportedFormats();
  const formats = SCANNED_FORMATS.filter((format) => supported.includes(format));
  return formats.length === 0 ? undefined : new Detector({ formats });
}

interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}
