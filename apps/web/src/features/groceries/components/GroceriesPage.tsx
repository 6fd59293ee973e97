import { useState } from "react";
import type { GroceryDay, GroceryLineWire, GroceryListResponse } from "@fitwise/contracts/groceries";
import { formatGrams } from "@fitwise/engine/nutrition/number-format";
import { Button } from "../../../components/Button";
import { ErrorBox } from "../../../components/ErrorBox";
import { PageTitle } from "../../../components/PageTitle";
import { Spinner } from "../../../components/Spinner";
import { ApiError } from "../../../lib/api-client";
import { usePlanProfile } from "../../../lib/user-profile";
import { readKeptList, useGroceryList, useSetGroceryTick } from "../api/grocery-list";
import styles from "./Groceries.module.css";

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const PLANS = [1, 2, 3] as const;
/** Folded by default: most kitchens have their oil, sugar and sauces already (docs/decisions/050). */
const FOLDED_AISLE = "pantry staples";

function amountOf(line: GroceryLineWire): string {
  if (line.count !== undefined && line.measure === undefined)
    return `${line.count} (${formatGrams(line.grams)})`;
  return line.measure === undefined
    ? formatGrams(line.grams)
    : `${line.measure} (${formatGrams(line.grams)})`;
}

/** The list as plain text, one line per item with a box, for a message or a notes app. */
function asText(list: GroceryListResponse): string {
  return list.aisles
    .map((aisle) =>
      [
        aisle.name[0]?.toUpperCase() + aisle.name.slice(1),
        ...aisle.items.map(
          (line) => `${list.ticked.includes(line.name) ? "[x]" : "[ ]"} ${line.name}: ${amountOf(line)}`,
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

function errorText(error: Error): string {
  if (error instanceof ApiError && error.status === 403)
    return "Plans 2 and 3 are part of Pro. Upgrade to list them.";
  return error.message;
}

/** /groceries: pick days and plans, get the shopping list by aisle, tick lines (kept on the server), copy or print. */
export function GroceriesPage() {
  const { isPro } = usePlanProfile();
  // The page opens on the last list asked for (kept on this device), so it reads offline too.
  const [kept] = useState(readKeptList);
  const [choice, setChoice] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(
      DAYS.map((day) => [day, kept ? (kept.days.find((entry) => entry.day === day)?.plan ?? null) : 1]),
    ),
  );
  const [asked, setAsked] = useState<GroceryDay[] | null>(kept?.days ?? null);
  const [copied, setCopied] = useState(false);
  const list = useGroceryList(asked);
  const tick = useSetGroceryTick();
  // A box follows the finger within the click itself: the lists' cache takes the tick a task later (and offline after
  // the device's store), and a controlled box would show the old state until then. Cleared once the tick settles.
  const [boxesInFlight, setBoxesInFlight] = useState<ReadonlyMap<string, boolean>>(new Map());
  const setBox = (name: string, ticked: boolean | undefined) =>
    setBoxesInFlight((boxes) => {
      const next = new Map(boxes);
      if (ticked === undefined) next.delete(name);
      else next.set(name, ticked);
      return next;
    });
  const chosen = DAYS.flatMap((day) => {
    const plan = choice[day];
    return plan === null || plan === undefined ? [] : [{ day, plan }];
  });

  return (
    <>
      <PageTitle documentTitle="Shopping list">Shopping list</PageTitle>
      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(chosen);
        }}
      >
        <fieldset className={styles.days}>
          <legend>Days and plans</legend>
          {DAYS.map((day) => (
            <div key={day} className={styles.day}>
              <label>
                <input
                  type="checkbox"
                  checked={choice[day] !== null}
                  onChange={(event) => setChoice({ ...choice, [day]: event.target.checked ? 1 : null })}
                />{" "}
                Day {day}
              </label>
              <label>
                <span className={styles.visuallyHidden}>Plan for day {day}</span>
                <select
                  value={choice[day] ?? 1}
                  disabled={choice[day] === null}
                  onChange={(event) => setChoice({ ...choice, [day]: Number(event.target.value) })}
                >
                  {PLANS.map((plan) => (
                    <option key={plan} value={plan} disabled={!isPro && plan > 1}>
                      Plan {plan}
                      {!isPro && plan > 1 ? " (Pro)" : ""}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" disabled={chosen.length === 0}>
          Make my list
        </Button>
      </form>
      {!isPro ? (
        <p className={styles.muted}>Free accounts list Plan 1's breakfasts; Pro lists every meal.</p>
      ) : null}
      {list.isFetching && list.data === undefined ? <Spinner label="Making your list…" size={28} /> : null}
      {list.isError && list.data === undefined ? (
        <ErrorBox alert>
          <p>{errorText(list.error)}</p>
        </ErrorBox>
      ) : null}
      {list.data ? (
        <section aria-label="Your shopping list" className={styles.list} data-testid="grocery-list">
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                if (list.data)
                  void navigator.clipboard.writeText(asText(list.data)).then(() => setCopied(true));
              }}
            >
              Copy as text
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <span role="status">{copied ? "Copied." : ""}</span>
          </div>
          {list.data.aisles.map((aisle) => {
            const lines = (
              <ul className={styles.lines}>
                {aisle.items.map((line) => (
                  <li key={line.name} data-testid="grocery-line">
                    <label>
                      <input
                        type="checkbox"
                        checked={
                          boxesInFlight.get(line.name) ?? list.data?.ticked.includes(line.name) ?? false
                        }
                        disabled={tick.isPending}
                        onChange={(event) => {
                          const ticked = event.target.checked;
                          setBox(line.name, ticked);
                          tick.mutate(
                            { name: line.name, ticked },
                            { onSettled: () => setBox(line.name, undefined) },
                          );
                        }}
                      />{" "}
                      <span className={styles.lineName}>{line.name}</span>: {amountOf(line)}
                    </label>
                    <span className={styles.dishes}>for {line.dishes.join(", ")}</span>
                  </li>
                ))}
              </ul>
            );
            return aisle.name === FOLDED_AISLE ? (
              <details key={aisle.name} className={styles.aisle}>
                <summary>
                  <h2 className={styles.aisleName}>Pantry staples ({aisle.items.length})</h2>
                </summary>
                {lines}
              </details>
            ) : (
              <section key={aisle.name} className={styles.aisle}>
                <h2 className={styles.aisleName}>{aisle.name[0]?.toUpperCase() + aisle.name.slice(1)}</h2>
                {lines}
              </section>
            );
          })}
        </section>
      ) : null}
    </>
  );
}
