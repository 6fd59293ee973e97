import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { FoundFood } from "@fitwise/contracts/diary";
import { ENTRY_GRAMS_MAX, ENTRY_GRAMS_MIN, ENTRY_KCAL_MAX } from "@fitwise/contracts/diary";
import { KCAL_PER_100G_MAX, MY_FOOD_NAME_MAX, type SaveMyFoodRequest } from "@fitwise/contracts/my-foods";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { formatGrams, formatKcal } from "@fitwise/engine/nutrition/number-format";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import { TextField } from "../../../components/TextField";
import { useAlert } from "../../../lib/alerts";
import { useDeleteMealGroup } from "../api/delete-meal-group";
import { useDeleteMyFood } from "../api/delete-my-food";
import { useMealGroups } from "../api/list-meal-groups";
import { useMyFoods } from "../api/list-my-foods";
import { useLogMealGroup } from "../api/log-meal-group";
import { useSaveMyFood } from "../api/save-my-food";
import styles from "./Diary.module.css";
import { EnergyFields } from "./EnergyFields";

/** "250 kcal per 100 g", or one serving's energy for an own food given per serving (docs/decisions/068). */
export function figuresOf(food: FoundFood): string {
  if (food.per_100g !== null) return `${formatKcal(food.per_100g.energy_kcal)} per 100 g`;
  return food.per_serving === null
    ? ""
    : `${formatKcal(food.per_serving.energy_kcal)} per ${food.per_serving.unit}`;
}

/** A typed number, accepting a decimal comma; NaN when it is not one. */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text.replace(",", "."));
}

type FoodErrors = Partial<Record<"name" | "kcal" | "measureGrams" | "measureUnit", string>>;

/** A new own food: its name, energy per 100 g or per serving, optional macros and household measure. */
function NewFoodForm({ onSaved }: { onSaved(): void }) {
  const { showAlert } = useAlert();
  const save = useSaveMyFood();
  const basisId = useId();
  const [name, setName] = useState("");
  const [basis, setBasis] = useState<"100g" | "serving">("100g");
  const [kcal, setKcal] = useState("");
  const [protein, setProtein] = useState("");
  const [carbs, setCarbs] = useState("");
  const [fat, setFat] = useState("");
  const [measureUnit, setMeasureUnit] = useState("");
  const [measureGrams, setMeasureGrams] = useState("");
  const [errors, setErrors] = useState<FoodErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const energy = numberOf(kcal);
    const grams = numberOf(measureGrams);
    const kcalMax = basis === "100g" ? KCAL_PER_100G_MAX : ENTRY_KCAL_MAX;
    const found: FoodErrors = {
      ...(name.trim() === "" || name.trim().length > MY_FOOD_NAME_MAX
        ? { name: `Give it a name of up to ${MY_FOOD_NAME_MAX} characters.` }
        : {}),
      ...(!Number.isFinite(energy) || energy < 0 || energy > kcalMax
        ? { kcal: `Give the energy in kcal, from 0 to ${kcalMax.toLocaleString("en-US")}.` }
        : {}),
      ...(measureGrams.trim() !== "" &&
      (!Number.isFinite(grams) || grams < ENTRY_GRAMS_MIN || grams > ENTRY_GRAMS_MAX)
        ? { measureGrams: `From ${ENTRY_GRAMS_MIN} to ${ENTRY_GRAMS_MAX.toLocaleString("en-US")} g.` }
        : {}),
      ...(basis === "100g" && measureUnit.trim() !== "" && measureGrams.trim() === ""
        ? { measureGrams: "Give the grams of one, or leave the measure empty." }
        : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const optional = (text: string) => {
      const value = numberOf(text);
      return Number.isFinite(value) && value >= 0 ? value : null;
    };
    const request: SaveMyFoodRequest = {
      name: name.trim(),
      basis,
      kcal: energy,
      protein_g: optional(protein),
      carbs_g: optional(carbs),
      fat_g: optional(fat),
      measure:
        measureGrams.trim() === ""
          ? null
          : { unit: measureUnit.trim() === "" ? "serving" : measureUnit.trim(), grams },
    };
    save.mutate(request, {
      onSuccess: (food) => {
        showAlert("success", `Saved ${food.name} to your foods.`);
        onSaved();
      },
      onError: () => showAlert("error", "We couldn't save this food. Please check it and try again."),
    });
  };
  return (
    <form className={styles.quick} onSubmit={submit} noValidate aria-label="New food of your own">
      <TextField
        label="Food name"
        value={name}
        maxLength={MY_FOOD_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <fieldset className={styles.units}>
        <legend id={basisId}>The figures are for</legend>
        <label>
          <input type="radio" name="basis" checked={basis === "100g"} onChange={() => setBasis("100g")} /> 100
          g
        </label>
        <label>
          <input
            type="radio"
            name="basis"
            checked={basis === "serving"}
            onChange={() => setBasis("serving")}
          />{" "}
          one serving
        </label>
      </fieldset>
      <EnergyFields
        kcal={{ value: kcal, set: setKcal }}
        kcalError={errors.kcal}
        protein={{ value: protein, set: setProtein }}
        carbs={{ value: carbs, set: setCarbs }}
        fat={{ value: fat, set: setFat }}
      />
      <div className={styles.macros}>
        <TextField
          label="Measure (optional), e.g. slice"
          value={measureUnit}
          maxLength={40}
          onChange={(event) => setMeasureUnit(event.target.value)}
        />
        <TextField
          label="Grams of one (optional)"
          inputMode="decimal"
          value={measureGrams}
          onChange={(event) => setMeasureGrams(event.target.value)}
          error={errors.measureGrams}
        />
      </div>
      <Button type="submit" busy={save.isPending}>
        Save food
      </Button>
    </form>
  );
}

/** The person's own foods: pick one to log, delete one, or make a new one. */
export function MyFoods({ onPick }: { onPick(food: FoundFood): void }) {
  const { showAlert } = useAlert();
  const foods = useMyFoods();
  const remove = useDeleteMyFood();
  const [adding, setAdding] = useState(false);
  if (adding) return <NewFoodForm onSaved={() => setAdding(false)} />;
  let list;
  if (foods.isError && foods.data === undefined)
    list = (
      <p role="alert" className={styles.error}>
        We couldn't load your foods. Please try again.
      </p>
    );
  else if (foods.data === undefined) list = <Spinner label="Loading your foods…" size={16} />;
  else if (foods.data.foods.length === 0)
    list = (
      <p className={styles.hint}>
        No foods of your own yet. Add one you eat often; it then shows first when you search.
      </p>
    );
  else
    list = (
      <ul className={styles.results} aria-label="Your foods" data-testid="my-foods">
        {foods.data.foods.map((food) => (
          <li key={food.id} className={styles.savedRow}>
            <button type="button" className={styles.result} onClick={() => onPick(food.found)}>
              <span className={styles.resultName}>{food.name}</span>
              <span className={styles.resultFigures}>{figuresOf(food.found)}</span>
            </button>
            <Button
              variant="link"
              aria-label={`Delete ${food.name} from your foods`}
              busy={remove.isPending && remove.variables === food.id}
              onClick={() =>
                remove.mutate(food.id, {
                  onSuccess: () => showAlert("success", `Deleted ${food.name} from your foods.`),
                  onError: () => showAlert("error", "We couldn't delete this food. Please try again."),
                })
              }
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    );
  const full = foods.data !== undefined && foods.data.foods.length >= foods.data.limit;
  return (
    <div className={styles.quick}>
      {list}
      {full ? (
        <p className={styles.hint}>
          You keep {foods.data?.limit} foods, the most there can be: delete one first.
        </p>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          New food
        </Button>
      )}
    </div>
  );
}

/** The person's saved meals, each logged into the chosen meal of the day in one tap. */
export function SavedMeals({ meal, date, onLogged }: { meal: MealSlot; date: string; onLogged(): void }) {
  const { showAlert } = useAlert();
  const groups = useMealGroups();
  const log = useLogMealGroup();
  const remove = useDeleteMealGroup();
  if (groups.isError && groups.data === undefined)
    return (
      <p role="alert" className={styles.error}>
        We couldn't load your saved meals. Please try again.
      </p>
    );
  if (groups.data === undefined) return <Spinner label="Loading your saved meals…" size={16} />;
  if (groups.data.groups.length === 0)
    return (
      <p className={styles.hint}>
        No saved meals yet. Log a meal, then choose “Save this meal” under it in your diary.
      </p>
    );
  return (
    <ul className={styles.results} aria-label="Your saved meals" data-testid="saved-meals">
      {groups.data.groups.map((group) => (
        <li key={group.id} className={styles.savedRow}>
          <button
            type="button"
            className={styles.result}
            aria-label={`Log ${group.name} to ${meal}`}
            disabled={log.isPending}
            onClick={() =>
              log.mutate(
                { date, meal, group_id: group.id },
                {
                  onSuccess: () => {
                    showAlert("success", `Logged ${group.name} to ${meal}.`);
                    onLogged();
                  },
                  onError: () => showAlert("error", "We couldn't log this meal. Please try again."),
                },
              )
            }
          >
            <span className={styles.resultName}>{group.name}</span>
            <span className={styles.resultFigures}>
              {group.items.length} {group.items.length === 1 ? "food" : "foods"} ·{" "}
              {formatKcal(group.energy_kcal)} · protein {formatGrams(group.protein_g)}
            </span>
          </button>
          <Button
            variant="link"
            aria-label={`Delete the saved meal ${group.name}`}
            busy={remove.isPending && remove.variables === group.id}
            onClick={() =>
              remove.mutate(group.id, {
                onSuccess: () => showAlert("success", `Deleted the saved meal ${group.name}.`),
                onError: () => showAlert("error", "We couldn't delete this saved meal. Please try again."),
              })
            }
          >
            Delete
          </Button>
        </li>
      ))}
    </ul>
  );
}
