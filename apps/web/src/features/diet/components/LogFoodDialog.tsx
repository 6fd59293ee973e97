import { lazy, Suspense, useCallback, useId, useState } from "react";
import type { FormEvent } from "react";
import type { FoundFood } from "@fitwise/contracts/diary";
import {
  ENTRY_GRAMS_MAX,
  ENTRY_GRAMS_MIN,
  ENTRY_KCAL_MAX,
  ENTRY_SERVINGS_MAX,
  hasValidCheckDigit,
  OPEN_FOOD_FACTS_ATTRIBUTION,
} from "@fitwise/contracts/diary";
import { MEAL_SLOTS, type MealSlot } from "@fitwise/engine/nutrition/food.types";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { Button } from "../../../components/Button";
import { Modal } from "../../../components/Modal";
import { Spinner } from "../../../components/Spinner";
import { TextField } from "../../../components/TextField";
import { useAlert } from "../../../lib/alerts";
import { localIsoDate } from "../../../lib/local-date";
import { useLogFood } from "../api/log-food";
import { useLookupBarcode } from "../api/lookup-barcode";
import { useFoodSearch } from "../api/search-foods";
import { openDiaryDialog, useDiaryDialog, type DiaryDialogTarget } from "../hooks/diary-dialog";
import styles from "./Diary.module.css";
import { EnergyFields } from "./EnergyFields";
import { figuresOf, MyFoods, SavedMeals } from "./MyFoods";

/** Loaded when the camera is asked for: the dialog opens without it. */
const CameraScan = lazy(async () => ({ default: (await import("./CameraScan")).CameraScan }));

/**
 * Scanning needs a camera the page may ask for (a secure context: https or localhost); the barcode is read by the
 * browser's BarcodeDetector or the ZXing reader (docs/decisions/068). Elsewhere the number is typed.
 */
const CAN_SCAN = typeof navigator === "object" && typeof navigator.mediaDevices?.getUserMedia === "function";

const LOG_FAILED = "We couldn't log this food. Please check your connection and try again.";

/** A typed number, accepting a decimal comma; NaN when it is not one. */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text.replace(",", "."));
}

function FoodResults({ query, onPick }: { query: string; onPick(food: FoundFood): void }) {
  const search = useFoodSearch(query);
  if (query.trim() === "")
    return <p className={styles.hint}>Type a food, e.g. “chicken breast” or “banana”.</p>;
  if (search.isError)
    return (
      <p role="alert" className={styles.error}>
        We couldn't search foods. Please try again.
      </p>
    );
  const foods = search.data;
  if (foods === undefined)
    return (
      <p className={styles.hint}>
        <Spinner label="Searching foods…" size={16} />
      </p>
    );
  if (foods.length === 0)
    return (
      <p className={styles.hint} role="status">
        No food matches “{query.trim()}”. Try another word, or use Quick add.
      </p>
    );
  return (
    <>
      <p className="visually-hidden" role="status">
        {foods.length} {foods.length === 1 ? "food" : "foods"} found
      </p>
      <ul className={styles.results} aria-label="Foods found" data-testid="food-results">
        {foods.map((food) => (
          <li key={food.id}>
            <button type="button" className={styles.result} onClick={() => onPick(food)}>
              <span className={styles.resultName}>
                {food.name}
                {food.origin === "mine" ? <span className={styles.mine}> · your food</span> : null}
              </span>
              <span className={styles.resultFigures}>{figuresOf(food)}</span>
              {food.excluded_because === null ? null : (
                <span className={styles.excluded}>Not in your plans: {food.excluded_because}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function AmountForm({
  food,
  onLog,
  busy,
}: {
  food: FoundFood;
  onLog(amount: { grams: number } | { servings: number }): void;
  busy: boolean;
}) {
  // An own food given per serving without its weight is counted in servings only (docs/decisions/068).
  const servingOnly = food.per_100g === null;
  const byServing = food.measure !== null || servingOnly;
  const [unit, setUnit] = useState<"grams" | "servings">(byServing ? "servings" : "grams");
  const [amount, setAmount] = useState(byServing ? "1" : "100");
  const [error, setError] = useState<string | null>(null);
  const value = numberOf(amount);
  const grams = unit === "grams" ? value : value * (food.measure?.grams ?? 0);
  const kcal =
    food.per_100g === null
      ? value * (food.per_serving?.energy_kcal ?? Number.NaN)
      : Number.isFinite(grams)
        ? (food.per_100g.energy_kcal * grams) / 100
        : Number.NaN;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (servingOnly) {
      if (!Number.isFinite(value) || value <= 0 || value > ENTRY_SERVINGS_MAX) {
        setError(`Give a number of servings from more than 0 to ${ENTRY_SERVINGS_MAX}.`);
        return;
      }
    } else if (!Number.isFinite(grams) || grams < ENTRY_GRAMS_MIN || grams > ENTRY_GRAMS_MAX) {
      setError(
        `Give an amount between ${ENTRY_GRAMS_MIN} g and ${ENTRY_GRAMS_MAX.toLocaleString("en-US")} g.`,
      );
      return;
    }
    setError(null);
    onLog(unit === "grams" ? { grams: value } : { servings: value });
  };
  return (
    <form className={styles.amount} onSubmit={submit} noValidate>
      <p className={styles.picked}>
        <strong>{food.name}</strong>
        {food.excluded_because === null ? null : (
          <span className={styles.excluded}> Not in your plans: {food.excluded_because}</span>
        )}
      </p>
      <div className={styles.amountRow}>
        <TextField
          label={
            unit === "grams"
              ? "Grams"
              : `Number of ${food.measure?.plural ?? (food.per_serving ? `${food.per_serving.unit}s` : "servings")}`
          }
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={error}
        />
        {food.measure && !servingOnly ? (
          <fieldset className={styles.units}>
            <legend className="visually-hidden">Amount in</legend>
            <label>
              <input
                type="radio"
                name="unit"
                checked={unit === "servings"}
                onChange={() => {
                  setUnit("servings");
                  setAmount("1");
                }}
              />{" "}
              in {food.measure.plural} ({food.measure.grams} g each)
            </label>
            <label>
              <input
                type="radio"
                name="unit"
                checked={unit === "grams"}
                onChange={() => {
                  setUnit("grams");
                  setAmount(String(food.measure?.grams ?? 100));
                }}
              />{" "}
              in grams
            </label>
          </fieldset>
        ) : null}
      </div>
      <p className={styles.hint} aria-live="polite">
        {Number.isFinite(kcal) ? `${formatKcal(kcal)}` : "—"}
      </p>
      <Button type="submit" busy={busy}>
        Log food
      </Button>
    </form>
  );
}

function QuickAddForm({ onAdd, busy }: { onAdd(custom: QuickAdd): void; busy: boolean }) {
  const [name, setName] = useState("");
  const [kcal, setKcal] = useState("");
  const [protein, setProtein] = useState("");
  const [carbs, setCarbs] = useState("");
  const [fat, setFat] = useState("");
  const [errors, setErrors] = useState<{ name?: string; kcal?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const energy = numberOf(kcal);
    const found = {
      ...(name.trim() === "" ? { name: "Give it a name, e.g. “Office cake”." } : {}),
      ...(!Number.isFinite(energy) || energy < 0 || energy > ENTRY_KCAL_MAX
        ? { kcal: `Give the energy in kcal, from 0 to ${ENTRY_KCAL_MAX.toLocaleString("en-US")}.` }
        : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const optional = (text: string, key: "protein_g" | "carbs_g" | "fat_g") => {
      const grams = numberOf(text);
      return Number.isFinite(grams) && grams >= 0 ? { [key]: grams } : {};
    };
    onAdd({
      name: name.trim(),
      kcal: energy,
      ...optional(protein, "protein_g"),
      ...optional(carbs, "carbs_g"),
      ...optional(fat, "fat_g"),
    });
  };
  return (
    <form className={styles.quick} onSubmit={submit} noValidate>
      <TextField
        label="What was it?"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <EnergyFields
        kcal={{ value: kcal, set: setKcal }}
        kcalError={errors.kcal}
        protein={{ value: protein, set: setProtein }}
        carbs={{ value: carbs, set: setCarbs }}
        fat={{ value: fat, set: setFat }}
      />
      <Button type="submit" busy={busy}>
        Add
      </Button>
    </form>
  );
}

/** A barcode typed as printed under the bars, looked up in Open Food Facts through the server. */
function BarcodeForm({ onFound }: { onFound(food: FoundFood): void }) {
  const lookup = useLookupBarcode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const lookUp = (digits: string) =>
    lookup.mutate(digits, {
      onSuccess: (answer) => {
        if (answer.status === "found") onFound(answer.food);
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!/^(\d{8}|\d{12,14})$/.test(digits) || !hasValidCheckDigit(digits)) {
      setError("Type the 8, 12, 13 or 14 digits under the bars.");
      return;
    }
    setError(null);
    lookUp(digits);
  };
  // A code read by the camera is shown in the typed field and looked up as if typed (docs/decisions/068).
  const { mutate } = lookup;
  const onDetected = useCallback(
    (detected: string) => {
      setScanning(false);
      setCode(detected);
      setError(null);
      mutate(detected, {
        onSuccess: (answer) => {
          if (answer.status === "found") onFound(answer.food);
        },
      });
    },
    [mutate, onFound],
  );
  const answer = lookup.data;
  return (
    <form className={styles.quick} onSubmit={submit} noValidate>
      <TextField
        label="Barcode number"
        inputMode="numeric"
        autoComplete="off"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" busy={lookup.isPending}>
        Look up
      </Button>
      {CAN_SCAN ? (
        scanning ? (
          <Suspense fallback={<Spinner label="Starting the camera…" size={16} />}>
            <CameraScan onDetected={onDetected} onClose={() => setScanning(false)} />
          </Suspense>
        ) : (
          <Button variant="secondary" onClick={() => setScanning(true)}>
            Scan with camera
          </Button>
        )
      ) : null}
      <div aria-live="polite">
        {lookup.isError ? (
          <p className={styles.error}>We couldn't reach Open Food Facts. Please try again later.</p>
        ) : answer?.status === "not_found" ? (
          <p className={styles.hint}>Open Food Facts does not know this code. Try Quick add instead.</p>
        ) : answer?.status === "refused" ? (
          <p className={styles.error}>
            We can't log {answer.name ?? "this product"}: {answer.reason}
          </p>
        ) : null}
      </div>
      <p className={styles.hint}>{OPEN_FOOD_FACTS_ATTRIBUTION}</p>
    </form>
  );
}

interface QuickAdd {
  name: string;
  kcal: number;
  protein_g?: number;
  carbs_g?: number;
  fat_g?: number;
}

function DialogBody({ target }: { target: DiaryDialogTarget }) {
  const mealId = useId();
  const { showAlert } = useAlert();
  const log = useLogFood();
  const [meal, setMeal] = useState<MealSlot>(target.meal);
  const [mode, setMode] = useState(target.mode ?? "search");
  const choose = (next: typeof mode) => {
    setMode(next);
    setPicked(null);
  };
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<FoundFood | null>(null);
  const insteadOf = target.insteadOf;

  const send = (what: string, request: Parameters<typeof log.mutate>[0]["request"]) =>
    log.mutate(
      { name: what, request },
      {
        onSuccess: (outcome) => {
          showAlert(
            "success",
            outcome.status === "sent"
              ? `Logged ${what} to ${meal}.`
              : `Logged ${what} to ${meal} on this device; it is sent when you are back online.`,
          );
          openDiaryDialog(null);
        },
        onError: () => showAlert("error", LOG_FAILED),
      },
    );
  const base = {
    date: localIsoDate(),
    meal,
    ...(insteadOf ? { instead_of_item_id: insteadOf.itemId } : {}),
  };

  return (
    <div className={styles.dialogBody}>
      {insteadOf ? (
        <p className={styles.hint}>
          Your plan keeps {insteadOf.itemName}; the diary records what you really ate.
        </p>
      ) : null}
      <div className={styles.mealField}>
        <label htmlFor={mealId}>Meal</label>
        <select id={mealId} value={meal} onChange={(event) => setMeal(event.target.value as MealSlot)}>
          {MEAL_SLOTS.map((slot) => (
            <option key={slot}>{slot}</option>
          ))}
        </select>
      </div>
      <div className={styles.modes} role="group" aria-label="How to log">
        <button type="button" aria-pressed={mode === "search"} onClick={() => choose("search")}>
          Search foods
        </button>
        <button type="button" aria-pressed={mode === "barcode"} onClick={() => choose("barcode")}>
          Barcode
        </button>
        <button type="button" aria-pressed={mode === "quick"} onClick={() => choose("quick")}>
          Quick add
        </button>
        <button type="button" aria-pressed={mode === "mine"} onClick={() => choose("mine")}>
          My foods
        </button>
        <button type="button" aria-pressed={mode === "meals"} onClick={() => choose("meals")}>
          Saved meals
        </button>
      </div>
      {mode === "barcode" && picked === null ? (
        <BarcodeForm onFound={setPicked} />
      ) : mode === "mine" && picked === null ? (
        <MyFoods onPick={setPicked} />
      ) : mode === "meals" ? (
        <SavedMeals meal={meal} date={base.date} onLogged={() => openDiaryDialog(null)} />
      ) : mode === "quick" ? (
        <QuickAddForm
          busy={log.isPending}
          onAdd={(custom) => send(custom.name, { ...base, custom, servings: 1 })}
        />
      ) : picked ? (
        <>
          <AmountForm
            food={picked}
            busy={log.isPending}
            onLog={(amount) => send(picked.name, { ...base, food_id: picked.id, ...amount })}
          />
          <Button variant="link" onClick={() => setPicked(null)}>
            {picked.origin === "open_food_facts"
              ? "Another barcode"
              : mode === "mine"
                ? "Back to my foods"
                : "Back to the results"}
          </Button>
        </>
      ) : (
        <>
          <TextField
            label="Search foods"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <FoodResults query={query} onPick={setPicked} />
        </>
      )}
    </div>
  );
}

/** The one "Log food" dialog of the diet screen: search and log a food, or quick add, to a meal of today. */
export function LogFoodDialog() {
  const target = useDiaryDialog();
  // Each opening starts afresh: its own key remounts the body with the target's meal and mode.
  const title = target?.insteadOf ? `Ate something else instead of ${target.insteadOf.itemName}` : "Log food";
  return (
    <Modal open={target !== null} title={title} onClose={() => openDiaryDialog(null)}>
      {target === null ? null : <DialogBody key={target.opening} target={target} />}
    </Modal>
  );
}
