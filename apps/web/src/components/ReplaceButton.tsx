import { Spinner } from "./Spinner";
import styles from "./ReplaceButton.module.css";

function SwapIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M7 4 3 8l4 4M3 8h13a4 4 0 0 1 4 4M17 20l4-4-4-4M21 16H8a4 4 0 0 1-4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A plan row's Replace button; while its item is being replaced it shows a spinner and says so. On a phone it
 * shows the word without the icon. Its accessible name starts with the word it shows ("Replace Oatmeal").
 */
export function ReplaceButton({
  name,
  replacing,
  disabled,
  onClick,
  className,
}: {
  /** The item's name, for the accessible label. */
  name: string;
  replacing: boolean;
  disabled: boolean;
  onClick(): void;
  /** The row's own placement of the button. */
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `${styles.replace} ${className}` : styles.replace}
      onClick={onClick}
      disabled={disabled}
      aria-label={replacing ? `Replacing ${name}` : `Replace ${name}`}
      title={replacing ? undefined : "Replace"}
    >
      {replacing ? <Spinner label={`Replacing ${name}…`} size={18} /> : <SwapIcon />}
      <span className={styles.label} aria-hidden="true">
        {replacing ? "Replacing…" : "Replace"}
      </span>
    </button>
  );
}
