import { describe, expect, it } from "vitest";
import { cameraErrorMessage, codeToLookUp } from "./camera-scan";

describe("camera scanning", () => {
  it("turns the first valid detected code into the lookup, passing over others", () => {
    // 4006381333931 is a valid EAN-13; 4006381333932 has a wrong check digit; the URL is a QR code's value.
    expect(codeToLookUp(["https://example.com", "4006381333932", "4006381333931"])).toBe("4006381333931");
    expect(codeToLookUp(["9638 5074"])).toBe("96385074");
    expect(codeToLookUp(["036000291452"])).toBe("036000291452");
    expect(codeToLookUp(["4006381333932"])).toBeUndefined();
    expect(codeToLookUp([])).toBeUndefined();
  });

  it("says why the camera cannot be used, and always points back to typing", () => {
    const refused = cameraErrorMessage(new DOMException("denied", "NotAllowedError"));
    expect(refused).toMatch(/not allowed/);
    expect(cameraErrorMessage(new DOMException("none", "NotFoundError"))).toMatch(/No camera/);
    for (const message of [refused, cameraErrorMessage(new Error("odd"))]) expect(message).toMatch(/type/i);
  });
});
