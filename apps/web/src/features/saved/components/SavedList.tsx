import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import type { SavedTable } from "@fitwise/contracts/saved";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import {
  savedListErrorMessage,
  useSavedList,
  type SavedDiet,
  type SavedWorkout,
} from "../api/get-saved-list";
import { SavedDietCard, SavedWorkoutCard } from "./SavedPlanCard";
import styles from "./SavedPage.module.css";

const EMPTY_TEXT: Record<SavedTable, string> = {
  saved_diets: "No saved diet plans found. Start by saving your favorite diets!",
  saved_workouts: "No saved workout plans found. Start by saving your favorite workouts!",
};

/** docs/product.md §3.8 "Saved plans": loading, error, empty, list. */
export function SavedList({ table }: { table: SavedTable }) {
  const query = useSavedList(table);
  const containerRef = useRef<HTMLDivElement>(null);
  const count = query.data?.length;
  const previousCount = useRef(count);

  // A deleted card takes the focused control with it; focus moves to the list instead of the page top.
  useEffect(() => {
    const shrank =
      previousCount.current !== undefined && count !== undefined && count < previousCount.current;
    previousCount.current = count;
    if (shrank && (document.activeElement === document.body || !document.activeElement)) {
      containerRef.current?.focus();
    }
  }, [count]);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Fetching your saved plans..." />
        <span aria-hidden="true">Fetching your saved plans...</span>
      </div>
    );
  } else if (query.isError) {
    content = (
      <div className={styles.errorBanner} role="alert">
        <p>{savedListErrorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    content = <p className={styles.empty}>{EMPTY_TEXT[table]}</p>;
  } else {
    content = (
      <ul className={styles.list} aria-busy={query.isFetching || undefined}>
        {table === "saved_diets"
          ? (query.data as SavedDiet[]).map((record) => (
              <li key={record.diet_id}>
                <SavedDietCard record={record} />
              </li>
            ))
          : (query.data as SavedWorkout[]).map((record) => (
              <li key={record.workout_id}>
                <SavedWorkoutCard record={record} />
              </li>
            ))}
      </ul>
    );
  }

  return (
    <div ref={containerRef} tabIndex={-1} className={styles.listWrapper}>
      {content}
    </div>
  );
}
