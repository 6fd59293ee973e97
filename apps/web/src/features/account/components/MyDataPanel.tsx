import { useState } from "react";
import { Button } from "../../../components/Button";
import { useAlert } from "../../../lib/alerts";
import { downloadLogsCsv, downloadMyData } from "../api/export-my-data";
import { WeighInImport } from "./WeighInImport";
import { WorkoutHistoryImport } from "./WorkoutHistoryImport";
import styles from "./Account.module.css";

type Download = "json" | "weigh-ins" | "workout-sets" | "food-diary";

export function MyDataPanel() {
  const { showAlert } = useAlert();
  const [busy, setBusy] = useState<Download | null>(null);

  const download = async (kind: Download) => {
    setBusy(kind);
    try {
      await (kind === "json" ? downloadMyData() : downloadLogsCsv(kind));
    } catch (caught) {
      showAlert("error", caught instanceof Error ? caught.message : "Your data could not be downloaded.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-data-title">
      <h2 id="my-data-title">My data</h2>
      <p>
        A JSON file with everything we keep about you: account, profile, plans, saved plans, chat and
        subscription. Your weigh-ins, workout sets and food diary also come as CSV files for a spreadsheet or
        another app.
      </p>
      <div className={styles.downloads}>
        <Button variant="secondary" busy={busy === "json"} onClick={() => void download("json")}>
          Download my data
        </Button>
        <Button variant="secondary" busy={busy === "weigh-ins"} onClick={() => void download("weigh-ins")}>
          Weigh-ins (CSV)
        </Button>
        <Button
          variant="secondary"
          busy={busy === "workout-sets"}
          onClick={() => void download("workout-sets")}
        >
          Workout sets (CSV)
        </Button>
        <Button variant="secondary" busy={busy === "food-diary"} onClick={() => void download("food-diary")}>
          Food diary (CSV)
        </Button>
      </div>
      <WeighInImport />
      <WorkoutHistoryImport />
    </section>
  );
}
