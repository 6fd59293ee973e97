import { useEffect, useId, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { SITE_CONFIG } from "../../../lib/site-config";
import { Button } from "../../../components/Button";
import { MealGroups } from "../../../components/MealGroups";
import { PageTitle } from "../../../components/PageTitle";
import { ShareButton } from "../../../components/ShareButton";
import { TotalBox } from "../../../components/TotalBox";
import { useAuth } from "../../../lib/auth";
import { totalsOf } from "../../../lib/meal-totals";
import { usePublicDiet, type PublicDiet } from "../api/get-saved-data";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { amount, groupMeals } from "../model/meal-groups";
import { PublicPlanStates } from "./PlanStates";
import { usePublicReplace, useSignUpPrompt } from "./sign-up-prompt";
import { useIsCachedPro } from "./use-user-pro";
import { rememberSharedPlan } from "../../../lib/shared-plan-arrival";
import styles from "./PublicPlans.module.css";

const TITLE = `${SITE_CONFIG.brandName}AI's Diet Plan`;
const LOADING_MESSAGE = "Getting your custom healthy meal plan, please wait it may take few seconds..";

/** /fulldiet/{id} (docs/product.md §3): a shared diet plan, readable without signing in. */
export function PublicDietPage() {
  const { id = "" } = useParams();
  // A guest who signs up from here gets the 14-day trial this page invites to (docs/decisions/054).
  useEffect(() => rememberSharedPlan({ kind: "diet", id }), [id]);
  const query = usePublicDiet(id);
  return (
    <PublicPlanStates query={query} title={TITLE} loadingMessage={LOADING_MESSAGE}>
      {(plan) => <DietPlan plan={plan} />}
    </PublicPlanStates>
  );
}

const notGiven = "Not given";
const withUnit = (value: number | null, unit: string) =>
  value === null ? notGiven : `${amount(value)} ${unit}`;

function DietPlan({ plan }: { plan: PublicDiet }) {
  const { status } = useAuth();
  const location = useLocation();
  const signedIn = status === "signedIn";
  const isCachedPro = useIsCachedPro();
  const showSignUpPrompt = useSignUpPrompt();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const groups = groupMeals(plan.diet_one);
  const [openMeal, setOpenMeal] = useState(groups[0]?.meal ?? null);
  const total = totalsOf(plan.diet_one);

  const onReplace = usePublicReplace("diet");

  return (
    <section className={styles.page}>
      <PageTitle>{TITLE}</PageTitle>
      <div className={styles.shareRow}>
        <ShareButton path={location.pathname} title={TITLE} label="Share this plan" />
      </div>

      {!signedIn && !isCachedPro ? (
        <aside className={styles.guestInvite} aria-label="Free trial">
          <p>
            Like this plan? <Link to="/signup">Sign up</Link> for a 14-day free trial and get a meal plan made
            for your own body and goal.
          </p>
        </aside>
      ) : null}

      <div className={styles.summaryCard}>
        <p className={styles.summary}>
          {plan.user_tdee !== null && plan.user_goal_tdee !== null ? (
            <>
              This plan was made for someone whose daily calorie needs are{" "}
              <strong>{formatKcal(plan.user_tdee)}</strong>, with a target of{" "}
              <strong>{formatKcal(plan.user_goal_tdee)}</strong> a day.
            </>
          ) : (
            "This plan was saved without its owner's calorie needs and target."
          )}
        </p>
        <button
          type="button"
          className={styles.detailsToggle}
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          onClick={() => setDetailsOpen((open) => !open)}
        >
          {detailsOpen ? "Hide details" : "Show details"}
          <span className={styles.chevron} data-open={detailsOpen} aria-hidden="true" />
        </button>
        <dl id={detailsId} className={styles.details} hidden={!detailsOpen}>
          <div>
            <dt>Goal</dt>
            <dd>{plan.user_fitness_goal ?? notGiven}</dd>
          </div>
          <div>
            <dt>Weight</dt>
            <dd>{withUnit(plan.user_weight_in_kgs, "kg")}</dd>
          </div>
          <div>
            <dt>Height</dt>
            <dd>{withUnit(plan.user_height_in_cm, "cm")}</dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd>{withUnit(plan.user_age, "years")}</dd>
          </div>
          <div>
            <dt>Gender</dt>
            <dd className={styles.capitalize}>{plan.user_gender ?? notGiven}</dd>
          </div>
          <div>
            <dt>Diet preference</dt>
            <dd className={styles.capitalize}>{plan.user_diet_preference ?? notGiven}</dd>
          </div>
          <div>
            <dt>Food preference</dt>
            <dd>{plan.user_food_preference ?? notGiven}</dd>
          </div>
        </dl>
      </div>

      {groups.length === 0 ? (
        <p className={styles.emptyCard}>No diet items available.</p>
      ) : (
        <>
          <MealGroups
            items={plan.diet_one}
            openMeal={openMeal}
            onToggle={(meal) => setOpenMeal((current) => (current === meal ? null : meal))}
            onReplace={onReplace}
            headerFigures="two-decimals"
            emptyMeals="leave-out"
            renderItemExtra={(item) => (
              // Kept from the original screen, where it had no effect; here it only ticks for the reader.
              <input type="checkbox" className={styles.checkbox} aria-label={`Tick off ${item.name}`} />
            )}
          />
          <TotalBox totals={total} style="two-decimals" />
        </>
      )}

      {!signedIn ? (
        <div className={styles.ctaRow}>
          <Button onClick={showSignUpPrompt}>Get Your Own Meal Plan</Button>
        </div>
      ) : null}
    </section>
  );
}
