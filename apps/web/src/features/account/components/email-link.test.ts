import { describe, expect, it } from "vitest";
import { nextPathAfterLink, readEmailLink } from "./email-link";

const ORIGIN = "https://fit.example";

describe("the e-mail link the confirm page was opened with", () => {
  it("reads the token, the type and a same-origin next path", () => {
    const search = new URLSearchParams("token_hash=abc&type=recovery&next=%2Freset-password%3Ffrom%3Dmail");
    expect(readEmailLink(search, ORIGIN)).toEqual({
      type: "recovery",
      tokenHash: "abc",
      next: "/reset-password?from=mail",
    });
  });

  it("is incomplete without a token or a known type", () => {
    expect(readEmailLink(new URLSearchParams("type=recovery"), ORIGIN)).toBeNull();
    expect(readEmailLink(new URLSearchParams("token_hash=abc"), ORIGIN)).toBeNull();
    expect(readEmailLink(new URLSearchParams("token_hash=abc&type=invite"), ORIGIN)).toBeNull();
    expect(readEmailLink(new URLSearchParams("token_hash=&type=signup"), ORIGIN)).toBeNull();
  });

  it("goes to the type's own page when next is missing", () => {
    expect(readEmailLink(new URLSearchParams("token_hash=a&type=recovery"), ORIGIN)?.next).toBe(
      "/reset-password",
    );
    for (const type of ["signup", "magiclink", "email"]) {
      expect(readEmailLink(new URLSearchParams({ token_hash: "a", type }), ORIGIN)?.next).toBe("/diet");
    }
  });
});

describe("the path after an e-mail link", () => {
  it("keeps a path on this origin, without its fragment", () => {
    expect(nextPathAfterLink("/workouts", "magiclink", ORIGIN)).toBe("/workouts");
    expect(nextPathAfterLink("/diet?tab=2#access_token=planted", "signup", ORIGIN)).toBe("/diet?tab=2");
  });

  it("never leaves the origin, whatever the link says", () => {
    for (const hostile of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\t/evil.example/",
      "/.//evil.example/",
      "evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      expect(nextPathAfterLink(hostile, "recovery", ORIGIN)).toBe("/reset-password");
      expect(nextPathAfterLink(hostile, "signup", ORIGIN)).toBe("/diet");
    }
    expect(nextPathAfterLink(null, "magiclink", ORIGIN)).toBe("/diet");
  });
});
