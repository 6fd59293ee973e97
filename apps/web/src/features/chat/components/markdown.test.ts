import { describe, expect, it } from "vitest";
import { parseMarkdown, safeHref, type MarkdownNode } from "./markdown";

function walk(nodes: readonly MarkdownNode[]): MarkdownNode[] {
  return nodes.flatMap((node) => [node, ...("children" in node ? walk(node.children) : [])]);
}

const text = (nodes: readonly MarkdownNode[]) =>
  walk(nodes)
    .map((node) => ("text" in node ? node.text : ""))
    .join("");

describe("parseMarkdown", () => {
  it("keeps raw HTML as visible text, never as markup", () => {
    const nodes = parseMarkdown("Hi <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>");
    expect(walk(nodes).map((node) => node.type)).not.toContain("html");
    expect(text(nodes)).toContain("<img src=x onerror=alert(1)>");
    expect(text(nodes)).toContain("<script>alert(1)</script>");
  });

  it("turns images into their alt text, so nothing remote loads", () => {
    const nodes = parseMarkdown("Look ![a squat](https://evil.example/pixel.png) here");
    expect(text(nodes)).toBe("Look a squat here");
    expect(JSON.stringify(nodes)).not.toContain("evil.example");
  });

  it("keeps http, https and mailto links and shows any other link as its text", () => {
    const nodes = walk(
      parseMarkdown(
        "[a](https://www.youtube.com/results?search_query=squat) [b](mailto:coach@example.com) [c](javascript:alert(1)) [d](data:text/html,hi) [e](/settings) [f](http://x.example)",
      ),
    );
    expect(
      nodes.filter((node) => node.type === "link").map((node) => (node.type === "link" ? node.href : "")),
    ).toEqual([
      "https://www.youtube.com/results?search_query=squat",
      "mailto:coach@example.com",
      "http://x.example/",
    ]);
    expect(text(nodes)).toContain("c d e");
  });

  it("reads the trainer's replies: bold, lists, quotes, line breaks", () => {
    const nodes = parseMarkdown(
      "**Day 1**: 1,850 kcal\n\n- **Breakfast** (450 kcal): Oats\n- Lunch\n\n> Drink water\nline two",
    );
    const types = walk(nodes).map((node) => node.type);
    expect(types).toEqual(expect.arrayContaining(["strong", "list", "listItem", "blockquote", "break"]));
    expect(text(nodes)).toContain("1,850 kcal");
  });

  it("decodes entities in text rather than showing them escaped", () => {
    expect(text(parseMarkdown("Salt &amp; pepper"))).toBe("Salt & pepper");
  });
});

describe("safeHref", () => {
  it.each([
    ["https://a.example/x", "https://a.example/x"],
    ["MAILTO:a@b.example", "mailto:a@b.example"],
    [" javascript:alert(1)", undefined],
    ["vbscript:x", undefined],
    ["//evil.example", undefined],
  ])("%s → %s", (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
