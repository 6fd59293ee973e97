import { readCache } from "./local-cache";

/**
 * docs/product.md §6.5's mobile breakpoint is 768 px: above it the chat panel is docked beside the page and the
 * page gives up its width (docs/decisions/023-docked-chat-panel.md); up to it the panel floats above
 * the tab bar and starts closed, since it would cover most of a phone's screen.
 */
export const CHAT_DOCK_MEDIA = "(min-width: 769px)";

/** docs/product.md §3.12: the panel starts open (docked on wide screens), until the user's own choice is remembered. */
export function chatStartsOpen(): boolean {
  const remembered = readCache("chat_open");
  if (remembered !== null) return remembered;
  return typeof window.matchMedia !== "function" || window.matchMedia(CHAT_DOCK_MEDIA).matches;
}
