import { PageTitle } from "../../../components/PageTitle";
import { DeleteAccountPanel } from "./DeleteAccountPanel";
import { MyDataPanel } from "./MyDataPanel";
import { TwoStepPanel } from "./TwoStepPanel";
import styles from "./Account.module.css";

/** Two-step verification, a copy of my data, and deleting the account. */
export function AccountSecurityPage() {
  return (
    <section>
      <PageTitle documentTitle="Account and security">Account and security</PageTitle>
      <div className={styles.sections}>
        <TwoStepPanel />
        <MyDataPanel />
        <DeleteAccountPanel />
      </div>
    </section>
  );
}
