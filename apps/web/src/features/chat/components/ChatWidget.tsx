import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { CHAT_MESSAGE_MAX_CHARS } from "@fitwise/contracts/chat";
import { trackChatOpened } from "../../../lib/analytics";
import { CHAT_DOCK_MEDIA } from "../../../lib/chat-dock";
import { useChat } from "../hooks/use-chat";
import { ChatMarkdown } from "./ChatMarkdown";
import styles from "./ChatWidget.module.css";

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 6v2h10v-2H7zm0-3v2h10V7H7zm0 6v2h6v-2H7z"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z"
      />
    </svg>
  );
}

function subscribeToDock(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const media = window.matchMedia(CHAT_DOCK_MEDIA);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function isDocked(): boolean {
  return typeof window.matchMedia !== "function" || window.matchMedia(CHAT_DOCK_MEDIA).matches;
}

/**
 * docs/product.md §3.12 "Chat with Alex": Alex's panel (header toggles) and the round button that opens and closes it.
 * On wide screens the open panel is docked beside the page, which the shell narrows by its width, so it
 * never covers a control (docs/decisions/023-docked-chat-panel.md); there its header folds the whole
 * panel away, giving the width back. On phones it floats above the tab bar and its header folds its body.
 */
export default function ChatWidget({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const docked = useSyncExternalStore(subscribeToDock, isDocked);
  const [folded, setFolded] = useState(false);
  const expanded = docked || !folded;
  const [draft, setDraft] = useState("");
  const { messages, pending, error, send, choices, change, undo } = useChat();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const panelId = `${id}-panel`;
  const bodyId = `${id}-body`;
  const titleId = `${id}-title`;

  useEffect(() => {
    if (open) trackChatOpened();
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending, expanded, open]);

  // Focus moves to the input when the user opens the panel or a reply arrives, never on page load: the
  // panel starts open, and taking focus there would pull a keyboard user away from the page.
  const settled = useRef(false);
  useEffect(() => {
    if (!settled.current) {
      settled.current = true;
      return;
    }
    if (!pending && open && expanded) inputRef.current?.focus({ preventScroll: true });
  }, [pending, open, expanded]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send(draft)) setDraft("");
  };

  return (
    <div className={styles.chat}>
      <section
        id={panelId}
        className={styles.panel}
        aria-labelledby={titleId}
        hidden={!open}
        data-testid="chat-panel"
      >
        <h2 className={styles.title} id={titleId}>
          <button
            type="button"
            className={styles.header}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => (docked ? onOpenChange(false) : setFolded((value) => !value))}
          >
            <span>Chat with your 24/7 personal trainer</span>
            <span className={`${styles.chevron} ${expanded ? styles.chevronOpen : ""}`} aria-hidden="true">
              ▾
            </span>
          </button>
        </h2>
        <div id={bodyId} className={styles.body} hidden={!expanded}>
          <div
            ref={logRef}
            className={styles.log}
            role="log"
            aria-live="polite"
            aria-label="Conversation with Alex"
            tabIndex={0}
          >
            {messages.map((entry, index) => (
              <div
                key={`${index}-${entry.created_at}`}
                className={`${styles.message} ${entry.sender === "user" ? styles.user : styles.assistant}`}
                data-sender={entry.sender}
              >
                <span className="visually-hidden">{entry.sender === "user" ? "You: " : "Alex: "}</span>
                <ChatMarkdown content={entry.content} />
              </div>
            ))}
          </div>
          {change !== undefined && change.lines.length > 0 && !pending ? (
            <div className={styles.change} data-testid="chat-change">
              <p className={styles.changeTitle}>What changed</p>
              <ul className={styles.changeLines}>
                {change.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <button type="button" className={styles.choice} onClick={undo}>
                Undo
              </button>
            </div>
          ) : null}
          {choices.length > 0 && !pending ? (
            <div className={styles.choices} role="group" aria-label="Which one do you mean?">
              {choices.map((choice) => (
                <button
                  key={choice.message}
                  type="button"
                  className={styles.choice}
                  onClick={() => send(choice.message)}
                >
                  {choice.label}
                </button>
              ))}
            </div>
          ) : null}
          <p className={styles.typing} role="status" data-testid="typing-indicator" hidden={!pending}>
            <span className={styles.dots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">Alex is typing…</span>
          </p>
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <form className={styles.form} onSubmit={onSubmit}>
            <label className="visually-hidden" htmlFor={`${id}-input`}>
              Message to your trainer
            </label>
            {/* A text area, not an input, so the placeholder and a long message wrap in a narrow panel
                instead of being cut off; Enter still sends, Shift+Enter starts a new line. */}
            <textarea
              ref={inputRef}
              id={`${id}-input`}
              className={styles.input}
              rows={1}
              placeholder="Ask me anything about fitness"
              autoComplete="off"
              maxLength={CHAT_MESSAGE_MAX_CHARS}
              value={draft}
              disabled={pending}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }}
            />
            <button type="submit" className={styles.send} disabled={pending || draft.trim() === ""}>
              Send
            </button>
          </form>
        </div>
      </section>
      <button
        type="button"
        className={styles.fab}
        aria-label={open ? "Close chat" : "Open chat with your trainer"}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        data-testid="chat-toggle"
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        {open ? null : <span className={styles.online} aria-hidden="true" data-testid="chat-online-dot" />}
      </button>
    </div>
  );
}
