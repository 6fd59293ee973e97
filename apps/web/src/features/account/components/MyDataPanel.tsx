import { useState } from "react";
import { Button } from "../../../components/Button";
import { useAlert } from "../../../lib/alerts";
import { downloadMyData } from "../api/export-my-data";
import styles from "./Account.module.css";

export function MyDataPanel() {
  const { showAlert } = useAlert();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (caught) {
      showAlert("error", caught instanceof Error ? caught.message : "Your data could not be downloaded.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-data-title">
      <h2 id="my-data-title">My data</h2>
      <p>
        A JSON file with everything we keep about you: account, profile, plans, saved plans, chat and
        subscription.
      </p>
      <Button variant="secondary" busy={busy} onClick={() => void onClick()}>
        Download my data
      </Button>
    </section>
  );
}
