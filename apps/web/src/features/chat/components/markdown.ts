import { Lexer, type Token, type Tokens } from "marked";

/**
 * Chat replies are Markdown (docs/product.md §7 "Chat message"). They are parsed into this small tree and rendered as
 * React elements, never as an HTML string: raw HTML in a reply stays visible text, links keep only the
 * http, https and mailto schemes, and images become their alt text, so nothing remote loads (docs/product.md
 * "Security rules").
 */
export type MarkdownNode =
  | { type: "paragraph" | "blockquote" | "strong" | "em" | "del" | "listItem"; children: MarkdownNode[] }
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: MarkdownNode[] }
  | { type: "list"; ordered: boolean; start: number; children: MarkdownNode[] }
  | { type: "link"; href: string; children: MarkdownNode[] }
  | { type: "code" | "codespan" | "text"; text: string }
  | { type: "break" | "hr" };

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** The link target when its scheme is allowed; relative and scheme-less links are refused too (they would point into the app). */
export function safeHref(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return SAFE_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** The lexer leaves entities as written; shown as text they should read as the characters they name. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

function inline(tokens: readonly Token[] | undefined): MarkdownNode[] {
  return (tokens ?? []).flatMap(inlineNode);
}

function inlineNode(token: Token): MarkdownNode[] {
  switch (token.type) {
    case "strong":
    case "em":
    case "del":
      return [{ type: token.type, children: inline((token as Tokens.Strong).tokens) }];
    case "codespan":
      return [{ type: "codespan", text: decodeEntities((token as Tokens.Codespan).text) }];
    case "br":
      return [{ type: "break" }];
    case "link": {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const children = inline(link.tokens);
      return href === undefined ? children : [{ type: "link", href, children }];
    }
    case "image":
      return [{ type: "text", text: (token as Tokens.Image).text }];
    case "html":
      // Shown as typed: a reply can mention <img> or <script> without either ever reaching the DOM as markup.
      return [{ type: "text", text: (token as Tokens.HTML).text }];
    case "text":
    case "escape": {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : [{ type: "text", text: decodeEntities(text.text) }];
    }
    default:
      return [{ type: "text", text: "raw" in token ? String(token.raw) : "" }];
  }
}

function block(token: Token): MarkdownNode[] {
  switch (token.type) {
    case "space":
      return [];
    case "paragraph":
      return [{ type: "paragraph", children: inline((token as Tokens.Paragraph).tokens) }];
    case "heading": {
      const heading = token as Tokens.Heading;
      const level = Math.min(6, Math.max(1, heading.depth)) as 1 | 2 | 3 | 4 | 5 | 6;
      return [{ type: "heading", level, children: inline(heading.tokens) }];
    }
    case "blockquote":
      return [{ type: "blockquote", children: (token as Tokens.Blockquote).tokens.flatMap(block) }];
    case "list": {
      const list = token as Tokens.List;
      return [
        {
          type: "list",
          ordered: list.ordered,
          start: typeof list.start === "number" ? list.start : 1,
          children: list.items.map((item) => ({ type: "listItem", children: item.tokens.flatMap(block) })),
        },
      ];
    }
    case "code":
      return [{ type: "code", text: (token as Tokens.Code).text }];
    case "hr":
      return [{ type: "hr" }];
    case "text": {
      // Text directly in a tight list item: inline content without a paragraph round it.
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : [{ type: "text", text: decodeEntities(text.text) }];
    }
    case "html":
      return [{ type: "paragraph", children: [{ type: "text", text: (token as Tokens.HTML).text }] }];
    default:
      return [
        { type: "paragraph", children: [{ type: "text", text: "raw" in token ? String(token.raw) : "" }] },
      ];
  }
}

export function parseMarkdown(markdown: string): MarkdownNode[] {
  return Lexer.lex(markdown, { gfm: true, breaks: true }).flatMap(block);
}
