import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatPortion } from "@fitwise/engine/nutrition/number-format";
import { callFunction } from "../lib/call-function";
import { keepRecipe, readKeptRecipe } from "../lib/kept-recipes";
import { queryKeys } from "../lib/query-keys";
import styles from "./RecipeDisclosure.module.css";

/**
 * The recipe behind one plan item (docs/product.md §3.14), on /diet and on a shared plan alike: a native
 * <details> so the keyboard and screen readers get a disclosure for free. The recipe is asked for on first
 * opening only, from the server (docs/decisions/049: the web app does not carry the catalogue).
 */
export function RecipeDisclosure({ foodId, grams, name }: { foodId: string; grams: number; name: string }) {
  const [opened, setOpened] = useState(false);
  const recipe = useQuery({
    queryKey: queryKeys.recipe(foodId, grams),
    queryFn: async ({ signal }) => {
      const answer = await callFunction("get_recipe", { food_id: foodId, grams }, { signal });
      keepRecipe(foodId, grams, answer);
      return answer;
    },
    // A recipe opened before reads offline (docs/decisions/047).
    initialData: () => readKeptRecipe(foodId, grams),
    enabled: opened,
    staleTime: Infinity,
  });
  return (
    <details
      className={styles.recipe}
      data-testid="recipe"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className={styles.summary}>
        Recipe<span className={styles.visuallyHidden}> for {name}</span>
      </summary>
      {recipe.isPending && opened ? <p className={styles.muted}>Loading the recipe…</p> : null}
      {recipe.isError ? <p role="alert">The recipe could not be loaded. Please try again later.</p> : null}
      {recipe.data ? (
        <div className={styles.body}>
          {recipe.data.variant === undefined ? null : (
            <p className={styles.variant}>Our version: {recipe.data.variant}</p>
          )}
          <h3 className={styles.heading}>Ingredients for {formatPortion(recipe.data.grams)}</h3>
          <ul className={styles.list}>
            {recipe.data.ingredients.map((line) => (
              <li key={line.name}>
                {line.name}: {formatPortion(line.grams, line.measure)}
              </li>
            ))}
          </ul>
          {recipe.data.steps.length === 0 ? null : (
            <>
              <h3 className={styles.heading}>Method</h3>
              <ol className={styles.list}>
                {recipe.data.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </>
          )}
          <p className={styles.contains}>
            Contains:{" "}
            {recipe.data.contains.length === 0
              ? "none of the tracked allergens"
              : recipe.data.contains.join(", ")}
          </p>
        </div>
      ) : null}
    </details>
  );
}
