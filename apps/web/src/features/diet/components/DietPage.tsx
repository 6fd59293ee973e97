import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PLAN_ERROR_CODES } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { FREE_REPLACEMENTS_LIMIT, mayReset, mayUseMeal, mayUsePlanDay } from "@fitwise/contracts/free-tier";
import { PLANNING_FLOOR_KCAL, plannedEnergyNote } from "@fitwise/engine/nutrition/energy";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { Button } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorBox } from "../../../components/ErrorBox";
import { CheckingForUpdates, EmptyPlan } from "../../../components/PlanStatus";
import { FreeReplacementsNotice } from "../../../components/FreeReplacementsNotice";
import { MealGroups } from "../../../components/MealGroups";
import { MissingTargetGate } from "../../../components/MissingTargetGate";
import { Modal } from "../../../components/Modal";
import { ProfileScreeningNotice } from "../../../components/ScreeningNotice";
import { PageTitle } from "../../../components/PageTitle";
import { PlanChangeNotice } from "../../../components/PlanChangeNotice";
import { ProBadge } from "../../../components/ProBadge";
import { Tabs } from "../../../components/Tabs";
import { WeighInForm } from "../../../components/WeighInForm";
import { TotalBox } from "../../../components/TotalBox";
import { useAlert } from "../../../lib/alerts";
import { readCache, writeCache } from "../../../lib/local-cache";
import { apiErrorCode, planLoadErrorText } from "../../../lib/plan-errors";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { totalsOf } from "../../../lib/meal-totals";
import { useUpgradeOverlay } from "../../../lib/upgrade-overlay";
import { usePlanReplacement } from "../../../lib/use-plan-replacement";
import { useRefetchOnTierChange } from "../../../lib/use-refetch-on-tier-change";
import { useUpdatingItems } from "../../../lib/use-updating-items";
import { usePlanChangeUndo } from "../../../lib/undo-plan-change";
import { usePlanProfile } from "../../../lib/user-profile";
import { queryKeys } from "../../../lib/query-keys";
import { useMealPlan, useMealPlanDay, useResetMealPlan } from "../api/get-meal-plan";
import { useMarkDietVisited } from "../api/mark-diet-visited";
import { PLAN_DAYS } from "../api/meal-plan-cache";
import type { PlanDay } from "../api/meal-plan-cache";
import { useReplaceDietItem } from "../api/replace-diet-item";
import { ReplaceChoices } from "./ReplaceChoices";
import { useSaveDiet } from "../api/save-diet";
import { DietLoading } from "./DietLoading";
import { AteSomethingElse } from "./AteSomethingElse";
import { DayHeader } from "./DayHeader";
import { DayNotes } from "./DayNotes";
import { DiaryPanel } from "./DiaryPanel";
import { EatenCheckbox } from "./EatenCheckbox";
import { EatenToday } from "./EatenToday";
import styles from "./Diet.module.css";

/** docs/product.md §9 texts. */
export const DIET_MESSAGES = {
  saved: "Successfully saved meal plan!",
  saveFailed: "Error saving meal plan. Please try again later!",
  replaceFailed: "Error replacing item. Please try again later!",
  replaced: (oldName: string, newName: string) =>
    `Successfully replaced ${oldName} with ${newName} maintaining similar calories and macros`,
} as const;

const PLAN_LOAD_FAILED = "We couldn't load your meal plan. Please check your connection and try again.";

/** Shown on the upgrade overlay: why the action needs Pro. */
const UPGRADE_REASONS = {
  plans: "Plans 2 and 3 are part of Pro. Upgrade to see three different meal plans.",
  meals: "Lunch, Snacks and Dinner are part of Pro. Upgrade to see your whole day.",
  reset: "Resetting a meal plan is part of Pro. Upgrade for unlimited meal resets.",
} as const;

/** The meal groups shown with a Pro badge (docs/product.md §5). */
function lockedMeals(isPro: boolean): ReadonlySet<MealSlot> {
  return new Set(MEAL_SLOTS.filter((meal) => !mayUseMeal(isPro, meal)));
}

function isPlanDay(value: number | null): value is PlanDay {
  return value === 1 || value === 2 || value === 3;
}

export function DietPage() {
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const {
    query: profileQuery,
    goalTdeeKcal,
    tdeeKcal,
    fitnessGoal,
    gender,
    isPro,
    replacementsUsed,
  } = usePlanProfile();
  const replacement = usePlanReplacement({
    isPro,
    replacementsUsed,
    failedMessage: DIET_MESSAGES.replaceFailed,
  });
  const [selectedDay, setSelectedDay] = useState<PlanDay>(() => {
    const stored = readCache("active_day");
    return isPlanDay(stored) ? stored : 1;
  });
  // A free user who was Pro before (or another tab's choice) still lands on the plan they may use.
  const day: PlanDay = mayUsePlanDay(isPro, selectedDay) ? selectedDay : 1;
  const [openMeal, setOpenMeal] = useState<MealSlot | null>("Breakfast");
  const [askContinue, setAskContinue] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const weighInId = useId();
  const [choosingFor, setChoosingFor] = useState<MealItem | null>(null);

  const hasTarget = goalTdeeKcal !== null && goalTdeeKcal > 0;
  const plan = useMealPlan(day, hasTarget);
  const planDayInfo = useMealPlanDay(day);
  useRefetchOnTierChange(queryKeys.mealPlans(), isPro);
  const replace = useReplaceDietItem(day);
  const reset = useResetMealPlan();
  const lastChange = usePlanChangeUndo();
  const save = useSaveDiet();
  // A double click lands before React shows the button busy: the ref stops the second save synchronously.
  const saving = useRef(false);
  const items = plan.data;
  const updatingIds = useUpdatingItems();
  const locked = useMemo(() => lockedMeals(isPro), [isPro]);
  const replacingId = replace.isPending ? (replace.variables?.item.id ?? null) : null;

  // docs/product.md §3.6: the first visit after plan creation asks whether to continue to /workouts — once per
  // account, as the server remembers it (a new device does not ask again).
  const markVisited = useMarkDietVisited();
  const asked = useRef(false);
  const firstVisit = profileQuery.data?.has_visited_diet_screen === false;
  const planShown = items !== undefined && items.length > 0;
  useEffect(() => {
    if (!firstVisit || !planShown || asked.current) return;
    asked.current = true;
    setAskContinue(true);
    markVisited();
  }, [firstVisit, planShown, markVisited]);

  const tabs = useMemo(
    () =>
      PLAN_DAYS.map((planDay) => ({
        key: String(planDay) as `${PlanDay}`,
        label: !mayUsePlanDay(isPro, planDay) ? (
          <>
            Plan {planDay} <ProBadge />
          </>
        ) : (
          `Plan ${planDay}`
        ),
      })),
    [isPro],
  );

  if (!hasTarget) {
    return (
      <MissingTargetGate
        title="My Diet"
        className={styles.page}
        profileQuery={profileQuery}
        loading={<DietLoading message="Checking your profile…" />}
      />
    );
  }

  const selectDay = (key: string) => {
    const next = Number(key);
    if (!isPlanDay(next) || next === day) return;
    if (!mayUsePlanDay(isPro, next)) {
      openUpgradeOverlay(UPGRADE_REASONS.plans);
      return;
    }
    setSelectedDay(next);
    writeCache("active_day", next);
  };

  const toggleMeal = (meal: MealSlot) => {
    if (!mayUseMeal(isPro, meal)) {
      openUpgradeOverlay(UPGRADE_REASONS.meals);
      return;
    }
    setOpenMeal((current) => (current === meal ? null : meal));
  };

  // Replace opens the alternatives (docs/decisions/029); picking one applies it, as the one-click Replace did.
  const onReplace = (item: MealItem) => {
    if (!items || !replacement.mayReplace()) return;
    setChoosingFor(item);
  };

  const onPickReplacement = (item: MealItem, alternative: MealItem) => {
    setChoosingFor(null);
    if (!items) return;
    replace.mutate(
      { item, replacementFoodId: alternative.foodId },
      {
        onSuccess: (result) => {
          replacement.succeeded(
            result.freeReplacementsUsed,
            DIET_MESSAGES.replaced(result.oldItem.name, result.newItem.name),
          );
          lastChange.show(result.change);
        },
        onError: replacement.failed,
      },
    );
  };

  // A reset replaces the day's plan for good, so it asks first (a free user meets the upgrade offer instead).
  const onReset = () => {
    if (!mayReset(isPro)) {
      openUpgradeOverlay(UPGRADE_REASONS.reset);
      return;
    }
    setConfirmingReset(true);
  };

  const runReset = () => {
    setConfirmingReset(false);
    reset.mutate(day, {
      onSuccess: (fetched) => {
        showAlert("success", `Your Day ${day} meal plan has been reset.`);
        lastChange.show(fetched.change);
      },
      onError: (error) => {
        if (apiErrorCode(error) === PLAN_ERROR_CODES.proRequired) openUpgradeOverlay(UPGRADE_REASONS.reset);
        else showAlert("error", "Error resetting meal plan. Please try again later!");
      },
    });
  };

  const onSave = () => {
    if (!items || saving.current) return;
    saving.current = true;
    save.mutate(items, {
      onSuccess: () => showAlert("success", DIET_MESSAGES.saved),
      onError: () => showAlert("error", DIET_MESSAGES.saveFailed),
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  const floorKcal = gender ? PLANNING_FLOOR_KCAL[gender] : null;
  const plannedNote =
    floorKcal === null
      ? undefined
      : plannedEnergyNote({ goal: fitnessGoal ?? "Lose Weight", goalTdeeKcal, tdeeKcal, floorKcal });
  const busy = replace.isPending || reset.isPending || save.isPending || lastChange.undoing;

  let panel;
  if (reset.isPending) {
    panel = <DietLoading message={`Creating a new Day ${day} meal plan…`} />;
  } else if (items === undefined) {
    panel = plan.isError ? (
      <ErrorBox alert>
        <p>{planLoadErrorText(plan.error, PLAN_LOAD_FAILED)}</p>
        {apiErrorCode(plan.error) === PLAN_ERROR_CODES.profileIncomplete ? (
          <Link to="/userinfo">Open the calorie calculator</Link>
        ) : (
          <Button variant="secondary" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        )}
      </ErrorBox>
    ) : (
      <DietLoading message="Creating your custom healthy meal plan…" />
    );
  } else if (items.length === 0) {
    panel = (
      <EmptyPlan
        message="There are no meal items in this plan yet."
        actionLabel="Create my meal plan"
        onCreate={() => void plan.refetch()}
      />
    );
  } else {
    panel = (
      <>
        {plan.isPlaceholderData ? <CheckingForUpdates /> : null}
        {planDayInfo === null ? null : <DayHeader day={planDayInfo} />}
        <PlanChangeNotice
          change={lastChange.change}
          undoing={lastChange.undoing}
          onUndo={lastChange.undo}
          onDismiss={lastChange.dismiss}
        />
        <MealGroups
          items={items}
          openMeal={openMeal}
          onToggle={toggleMeal}
          lockedMeals={locked}
          replacingId={replacingId}
          updatingIds={updatingIds}
          onReplace={onReplace}
          renderItemExtra={(item) => (
            <>
              <EatenCheckbox item={item} />
              <AteSomethingElse item={item} />
            </>
          )}
        />
        <TotalBox totals={totalsOf(items)} className={styles.total} testId="diet-total" />
        <DayNotes notes={planDayInfo?.notes ?? []} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onReset} disabled={busy || plan.isPlaceholderData}>
            Reset Day {day} meal plan
            {isPro ? null : <ProBadge />}
          </Button>
          <Button onClick={onSave} busy={save.isPending} disabled={busy || plan.isPlaceholderData}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className={styles.page}>
      <PageTitle>My Diet</PageTitle>
      <p className={styles.target}>
        Your daily target: <strong>{formatKcal(goalTdeeKcal)}</strong>
        {plannedNote === undefined ? null : `. ${plannedNote}`}
      </p>
      <ProfileScreeningNotice />
      {isPro ? null : <FreeReplacementsNotice used={replacementsUsed} limit={FREE_REPLACEMENTS_LIMIT} />}
      <EatenToday planKey={items?.map((item) => item.id).join(" ") ?? ""} />
      <Tabs label="Meal plans" items={tabs} selected={String(day) as `${PlanDay}`} onSelect={selectDay}>
        {panel}
      </Tabs>
      <DiaryPanel />
      {/* Folded on /diet so the plan stays the page's business; /progress shows the form open. */}
      <details className={styles.weighIn} data-weigh-in>
        <summary id={weighInId} className={styles.weighInSummary}>
          Log your weight
        </summary>
        <WeighInForm labelledBy={weighInId} />
      </details>
      <p className={styles.next}>
        {/* The phone's tab bar has no room for the shopping list: the plan leads to it at every width. */}
        <Link to="/groceries">Make a shopping list</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/workouts">Next: see your workout plan</Link>
      </p>
      <ConfirmDialog
        open={confirmingReset}
        title={`Reset your Day ${day} meal plan?`}
        confirmLabel={`Yes, reset Day ${day}`}
        onCancel={() => setConfirmingReset(false)}
        onConfirm={runReset}
      >
        <p>
          A new plan replaces every meal of Day {day}. You can undo it right after; to keep the current plan
          for later, save it first.
        </p>
      </ConfirmDialog>
      <ReplaceChoices
        day={day}
        item={choosingFor}
        onPick={onPickReplacement}
        onClose={() => setChoosingFor(null)}
      />
      <Modal
        open={askContinue}
        title="Continue to your workout plan?"
        onClose={() => setAskContinue(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAskContinue(false)}>
              Stay here
            </Button>
            <Button
              onClick={() => {
                setAskContinue(false);
                void navigate("/workouts");
              }}
            >
              Continue to workouts
            </Button>
          </>
        }
      >
        <p>Your meal plan is ready. Would you like to continue to your personalised workout plan now?</p>
      </Modal>
    </section>
  );
}
