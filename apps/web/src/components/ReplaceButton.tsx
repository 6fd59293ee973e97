import { Spinner } from "./Spinner";
import styles from "./ReplaceButton.module.css";

/** A plan row's Replace button; while its item is being replaced it shows a spinner and says so. */
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
    >
      {replacing ? <Spinner label={`Replacing ${name}…`} size={18} /> : null}
      <span aria-hidden="true">{replacing ? "Replacing…" : "Replace"}</span>
    </button>
  );
}
