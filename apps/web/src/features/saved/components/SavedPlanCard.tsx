import { useId, useState } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SavedTable } from "@fitwise/contracts/saved";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { isRestItem } from "@fitwise/engine/workouts/rest-days";
import { Button } from "../../../components/Button";
import { Modal } from "../../../components/Modal";
import { RecipeDisclosure } from "../../../components/RecipeDisclosure";
import { ShareButton } from "../../../components/ShareButton";
import { useAlert } from "../../../lib/alerts";
import { useDeleteSavedPlan } from "../api/delete-saved-plan";
import { useSetSavedPlanVisibility } from "../api/set-saved-plan-visibility";
import type { SavedDiet, SavedWorkout } from "../api/get-saved-list";
import { countText, formatCreatedAt, moreText, previewOf } from "./plan-preview";
import styles from "./SavedPage.module.css";

interface CardFrameProps {
  title: string;
  createdAt: string;
  table: SavedTable;
  id: string;
  fullPlanHref: string;
  fullPlanLabel: string;
  isPublic: boolean;
  /** Diets only: whether the public page shows the owner's body figures. */
  showBodyData?: boolean;
  children: ReactNode;
}

/**
 * Who can open a saved plan (docs/decisions/044): anyone with the link, or only its owner here; for a diet, whether
 * the shared page shows age, gender, weight, height and calorie needs. Each switch is a native checkbox, disabled
 * with "Saving…" while the server answers, and an error line when it could not.
 */
function SharingControls({
  table,
  id,
  title,
  isPublic,
  showBodyData,
}: Pick<CardFrameProps, "table" | "id" | "title" | "isPublic" | "showBodyData">) {
  const visibility = useSetSavedPlanVisibility();
  const statusId = useId();
  // The switches show what was asked for until the list brings the server's answer (not only while the
  // request is out: the list refetches after it, and in between the old value flickered back); a refusal
  // puts back what the server has.
  const [asked, setAsked] = useState<{ public: boolean; showBodyData?: boolean }>();
  const [answered, setAnswered] = useState({ isPublic, showBodyData });
  if (answered.isPublic !== isPublic || answered.showBodyData !== showBodyData) {
    setAnswered({ isPublic, showBodyData });
    setAsked(undefined);
  }
  const change = (next: { public: boolean; showBodyData?: boolean }) => {
    setAsked(next);
    visibility.mutate({ table, id, ...next }, { onError: () => setAsked(undefined) });
  };
  const shownPublic = asked?.public ?? isPublic;
  const shownBodyData = asked?.showBodyData ?? showBodyData;
  return (
    <fieldset
      className={styles.sharing}
      aria-describedby={statusId}
      aria-busy={visibility.isPending || undefined}
    >
      <legend className={styles.sharingLegend}>
        Sharing<span className="visually-hidden"> of {title}</span>
      </legend>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={shownPublic}
          disabled={visibility.isPending}
          onChange={(event) => change({ public: event.target.checked })}
        />
        Anyone with the link can open it
      </label>
      {shownBodyData === undefined ? null : (
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={shownBodyData}
            disabled={visibility.isPending || !shownPublic}
            onChange={(event) => change({ public: isPublic, showBodyData: event.target.checked })}
          />
          Show my age, gender, weight, height and calorie needs on the shared page
        </label>
      )}
      <p id={statusId} className={styles.muted} aria-live="polite">
        {visibility.isPending
          ? "Saving…"
          : isPublic
            ? ""
            : "Private: its link shows “not found” to everyone."}
      </p>
      {visibility.isError ? (
        <p role="alert" className={styles.modalError}>
          Could not change who can see this plan. Please try again.
        </p>
      ) : null}
    </fieldset>
  );
}

function CardFrame({
  title,
  createdAt,
  table,
  id,
  fullPlanHref,
  fullPlanLabel,
  isPublic,
  showBodyData,
  children,
}: CardFrameProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        <p className={styles.created}>
          Saved <time dateTime={createdAt}>{formatCreatedAt(createdAt)}</time>
        </p>
      </header>
      {children}
      <SharingControls table={table} id={id} title={title} isPublic={isPublic} showBodyData={showBodyData} />
      <div className={styles.cardActions}>
        {/* A private plan's page answers "not found" to everyone, its owner included: nothing to open or share. */}
        {isPublic ? (
          <>
            <Link to={fullPlanHref} className={styles.primaryLink}>
              {fullPlanLabel}
              <span className="visually-hidden"> ({title})</span>
            </Link>
            <ShareButton path={fullPlanHref} title={title} accessibleLabel={`Share ${title}`} />
          </>
        ) : null}
        <DeletePlanButton table={table} id={id} planTitle={title} />
      </div>
    </article>
  );
}

/** Ours, beyond the original app: an owner can withdraw a plan they shared; its public link then answers "not found". */
function DeletePlanButton({ table, id, planTitle }: { table: SavedTable; id: string; planTitle: string }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteSavedPlan();
  const { showAlert } = useAlert();

  const close = () => {
    setConfirming(false);
    deletion.reset();
  };
  const confirm = () =>
    deletion.mutate(
      { table, id },
      {
        onSuccess: () => {
          setConfirming(false);
          showAlert("success", `${planTitle} was deleted.`);
        },
      },
    );

  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Delete<span className="visually-hidden"> {planTitle}</span>
      </Button>
      <Modal
        open={confirming}
        title={`Delete ${planTitle}?`}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={deletion.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} busy={deletion.isPending}>
              Delete plan
            </Button>
          </>
        }
      >
        <p>
          The plan will be removed from your saved plans, and anyone who has its link will no longer be able
          to open it. This cannot be undone.
        </p>
        {deletion.isError ? (
          <p role="alert" className={styles.modalError}>
            Could not delete the plan. Please try again.
          </p>
        ) : null}
      </Modal>
    </>
  );
}

export function SavedDietCard({ record }: { record: SavedDiet }) {
  const preview = previewOf(record.diet_one);
  return (
    <CardFrame
      title={`Diet Plan #${record.plan_number}`}
      createdAt={record.created_at}
      table="saved_diets"
      id={record.diet_id}
      fullPlanHref={`/fulldiet/${record.diet_id}`}
      fullPlanLabel="Show Full Diet Plan"
      isPublic={record.public}
      showBodyData={record.show_body_data}
    >
      {preview.total === 0 ? (
        <p className={styles.muted}>No diet items available.</p>
      ) : (
        <>
          <ul className={styles.preview}>
            {preview.shown.map((item) => (
              <li key={item.id}>
                <span className={styles.previewLabel}>{item.slot}:</span> {item.name}{" "}
                <span className={styles.previewMeta}>· {formatKcal(item.energyKcal)}</span>
                <RecipeDisclosure foodId={item.foodId} grams={item.grams} name={item.name} />
              </li>
            ))}
          </ul>
          {preview.moreCount > 0 ? (
            <p className={styles.muted}>{moreText(preview.moreCount, "meal")}</p>
          ) : null}
          <p className={styles.count}>{countText(preview.total, "meal")}</p>
        </>
      )}
    </CardFrame>
  );
}

export function SavedWorkoutCard({ record }: { record: SavedWorkout }) {
  // Rest-day placeholders are not exercises, so they are neither previewed nor counted.
  const preview = previewOf(record.workout_plan.filter((item) => !isRestItem(item)));
  return (
    <CardFrame
      title={`Workout Plan #${record.plan_number}`}
      createdAt={record.created_at}
      table="saved_workouts"
      id={record.workout_id}
      fullPlanHref={`/fullworkout/${record.workout_id}`}
      fullPlanLabel="Show Full Workout Plan"
      isPublic={record.public}
    >
      {preview.total === 0 ? (
        <p className={styles.muted}>No workout items available.</p>
      ) : (
        <>
          <ul className={styles.preview}>
            {preview.shown.map((item) => (
              <li key={item.id}>
                {item.name} <span className={styles.previewMeta}>· {item.bodyPart}</span>
              </li>
            ))}
          </ul>
          {preview.moreCount > 0 ? (
            <p className={styles.muted}>{moreText(preview.moreCount, "exercise")}</p>
          ) : null}
          <p className={styles.count}>{countText(preview.total, "exercise")}</p>
        </>
      )}
    </CardFrame>
  );
}
