/** Tells screen readers why a plan row is highlighted and busy (the chat is changing it, docs/product.md §5). */
export function UpdatingNote() {
  return <span className="visually-hidden"> Updating…</span>;
}
