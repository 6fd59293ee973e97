import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "./site-config";

const DEFAULTS = { brandName: "Fitwise", supportEmail: "support@fitwise.app", links: { social: [] } };

describe("parseSiteConfig", () => {
  it("reads the brand, support address and logo the server wrote", () => {
    expect(
      parseSiteConfig(
        JSON.stringify({ brandName: "FitCo", supportEmail: "help@fit.example", logoUrl: "/favicon.svg" }),
      ),
    ).toEqual({ ...DEFAULTS, brandName: "FitCo", supportEmail: "help@fit.example", logoUrl: "/favicon.svg" });
    expect(
      parseSiteConfig(JSON.stringify({ brandName: "FitCo", logoUrl: "https://cdn.example.com/fitco.png" })),
    ).toEqual({ ...DEFAULTS, brandName: "FitCo", logoUrl: "https://cdn.example.com/fitco.png" });
  });

  it("offers Google sign-in only when the server says it is configured", () => {
    expect(parseSiteConfig(JSON.stringify({ googleSignIn: true }))).toEqual({
      ...DEFAULTS,
      googleSignIn: true,
    });
    for (const googleSignIn of [false, "true", 1, null]) {
      expect(parseSiteConfig(JSON.stringify({ googleSignIn })), String(googleSignIn)).toEqual(DEFAULTS);
    }
  });

  it("reads the outside links, each only when it is an https address", () => {
    const links = {
      blog: "https://blog.example.com",
      community: "javascript:alert(1)",
      appStore: "http://apps.example.com",
      googlePlay: "https://play.example.com/app",
      social: [
        { name: "Instagram", url: "https://instagram.com/fitco" },
        { name: "", url: "https://x.com/fitco" },
        { name: "Evil", url: "data:text/html,hi" },
      ],
    };
    expect(parseSiteConfig(JSON.stringify({ links })).links).toEqual({
      blog: "https://blog.example.com",
      googlePlay: "https://play.example.com/app",
      social: [{ name: "Instagram", url: "https://instagram.com/fitco" }],
    });
    expect(parseSiteConfig(JSON.stringify({ links: "nope" })).links).toEqual({ social: [] });
  });

  it("falls back to the defaults without a tag, or with one it cannot read", () => {
    for (const content of [undefined, null, "", "{not json", "null", "42", '{"brandName":""}']) {
      expect(parseSiteConfig(content), String(content)).toEqual(DEFAULTS);
    }
  });

  it("draws the built-in logo rather than an image from anywhere but https or this server", () => {
    for (const logoUrl of [
      "javascript:alert(1)",
      "http://cdn.example.com/a.png",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      "data:image/png;base64,AAAA",
      7,
    ]) {
      expect(parseSiteConfig(JSON.stringify({ brandName: "FitCo", logoUrl })), String(logoUrl)).toEqual({
        ...DEFAULTS,
        brandName: "FitCo",
      });
    }
  });
});
