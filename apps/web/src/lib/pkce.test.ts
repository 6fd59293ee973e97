import { describe, expect, it } from "vitest";
import { PKCE_STORAGE_KEY, s256Challenge, startPkceFlow, takePkceFlow } from "./pkce";
import { MemoryStorage } from "./test-support";

describe("the browser's half of a PKCE sign-in", () => {
  it("derives the S256 challenge of RFC 7636 Appendix B", async () => {
    // The RFC's own example pair.
    expect(await s256Challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("stores a fresh 43-character verifier and sends only its challenge", async () => {
    const storage = new MemoryStorage();
    const query = await startPkceFlow(storage, "google");
    const flow = JSON.parse(storage.getItem(PKCE_STORAGE_KEY) ?? "null") as { verifier: string };
    expect(flow.verifier).toMatch(/^[\w-]{43}$/);
    expect(query).toEqual({
      code_challenge: await s256Challenge(flow.verifier),
      code_challenge_method: "s256",
    });
    expect(query.code_challenge).not.toBe(flow.verifier);
    const other = await startPkceFlow(new MemoryStorage(), "google");
    expect(other.code_challenge).not.toBe(query.code_challenge);
  });

  it("hands the stored flow out once", async () => {
    const storage = new MemoryStorage();
    await startPkceFlow(storage, "google");
    const flow = takePkceFlow(storage);
    expect(flow).toMatchObject({ kind: "google", verifier: expect.stringMatching(/^[\w-]{43}$/) });
    expect(takePkceFlow(storage)).toBeNull();
    storage.setItem(PKCE_STORAGE_KEY, "{not json");
    expect(takePkceFlow(storage)).toBeNull();
    expect(storage.getItem(PKCE_STORAGE_KEY)).toBeNull();
  });
});
