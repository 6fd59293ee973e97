import { Spinner } from "../../../components/Spinner";
import styles from "./Diet.module.css";

/** docs/product.md §3.6 "Diet screen": the loading view shows tips while the plan is made. */
const TIPS = [
  "Weigh portions as the plan lists them: the grams of a cooked dish are its cooked weight.",
  "Drink 2 to 3 litres of water a day, more on training days.",
  "Don't like an item? Replace it with one click: the new item keeps similar calories and macros.",
] as const;

export function DietLoading({ message }: { message: string }) {
  return (
    <div className={styles.loading}>
      <div className={styles.loadingHeader}>
        <Spinner label={message} size={28} />
        <p className={styles.loadingMessage} aria-hidden="true">
          {message}
        </p>
      </div>
      <h2 className={styles.tipsTitle}>Tips while you wait</h2>
      <ul className={styles.tips}>
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </div>
  );
}
