/** Tells screen readers why a plan row is highlighted and busy (the chat is changing it, spec §4). */
export function UpdatingNote() {
  return <span className="visually-hidden"> Updating…</span>;
}
