import styles from "./PhonePreview.module.css";

// A decorative, hand-built picture of the app (no screenshot file to download). Hidden from assistive
// technology because the hero text already says everything it shows.
const MEALS = [
  { meal: "Breakfast", item: "Oats, berries & Greek yoghurt", kcal: 455, tone: "breakfast" },
  { meal: "Lunch", item: "Chicken, rice & roasted veg", kcal: 640, tone: "lunch" },
  { meal: "Snacks", item: "Apple & almonds", kcal: 190, tone: "snacks" },
  { meal: "Dinner", item: "Salmon, potatoes & greens", kcal: 560, tone: "dinner" },
] as const;

export function PhonePreview() {
  return (
    <div className={styles.phone} aria-hidden="true">
      <div className={styles.screen}>
        <div className={styles.statusBar}>
          <span>9:41</span>
          <span className={styles.notch} />
          <span>100%</span>
        </div>
        <div className={styles.summary}>
          <span className={styles.summaryLabel}>Today&apos;s target</span>
          <span className={styles.summaryValue}>1,845 kcal</span>
          <span className={styles.summaryMacros}>P 142 g · C 180 g · F 58 g</span>
        </div>
        <ul className={styles.meals}>
          {MEALS.map((meal) => (
            <li key={meal.meal} className={styles.meal}>
              <span className={`${styles.dot} ${styles[meal.tone]}`} />
              <span className={styles.mealText}>
                <span className={styles.mealName}>{meal.meal}</span>
                <span className={styles.mealItem}>{meal.item}</span>
              </span>
              <span className={styles.kcal}>{meal.kcal}</span>
              <span className={styles.replace}>Replace</span>
            </li>
          ))}
        </ul>
        <div className={styles.chat}>
          <p className={styles.bubbleUser}>Can you move Thursday&apos;s workout to Saturday?</p>
          <p className={styles.bubbleAlex}>Done! Upper body is now on Saturday and Thursday is a rest day.</p>
        </div>
      </div>
    </div>
  );
}
