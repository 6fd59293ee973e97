import styles from "./ExerciseVideoLink.module.css";

/**
 * The video link of an exercise (docs/product.md §3.7: opens in a new tab), one icon on /workouts and on a
 * shared workout plan alike. Renders nothing for an item without a link (a rest day, an old saved plan).
 */
export function ExerciseVideoLink({ name, href }: { name: string; href: string }) {
  const link = href.trim();
  if (!link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.video}
      aria-label={`Watch a video of ${name} (opens in a new tab)`}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
        <path d="M10 9v6l5-3z" fill="#fff" />
      </svg>
    </a>
  );
}
