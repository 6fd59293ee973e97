import { Fragment, useMemo, type ReactNode } from "react";
import { parseMarkdown, type MarkdownNode } from "./markdown";

function render(nodes: readonly MarkdownNode[]): ReactNode[] {
  return nodes.map((node, index) => <Fragment key={index}>{renderNode(node)}</Fragment>);
}

function renderNode(node: MarkdownNode): ReactNode {
  switch (node.type) {
    case "paragraph":
      return <p>{render(node.children)}</p>;
    case "blockquote":
      return <blockquote>{render(node.children)}</blockquote>;
    case "strong":
      return <strong>{render(node.children)}</strong>;
    case "em":
      return <em>{render(node.children)}</em>;
    case "del":
      return <del>{render(node.children)}</del>;
    case "listItem":
      return <li>{render(node.children)}</li>;
    case "heading": {
      // Replies sit inside the chat log: their headings are styled text, not page landmarks.
      return (
        <p className="chat-heading">
          <strong>{render(node.children)}</strong>
        </p>
      );
    }
    case "list":
      return node.ordered ? (
        <ol start={node.start}>{render(node.children)}</ol>
      ) : (
        <ul>{render(node.children)}</ul>
      );
    case "link":
      return (
        <a href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {render(node.children)}
        </a>
      );
    case "code":
      return (
        <pre>
          <code>{node.text}</code>
        </pre>
      );
    case "codespan":
      return <code>{node.text}</code>;
    case "text":
      return node.text;
    case "break":
      return <br />;
    case "hr":
      return <hr />;
  }
}

/** A chat message's Markdown as React elements (see markdown.ts: no raw HTML, safe links, no images). */
export function ChatMarkdown({ content }: { content: string }) {
  const nodes = useMemo(() => parseMarkdown(content), [content]);
  return <>{render(nodes)}</>;
}
