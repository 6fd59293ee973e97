import { SettingsLayout } from "../../../components/SettingsLayout";
import { DeleteAccountPanel } from "./DeleteAccountPanel";
import { MyDataPanel } from "./MyDataPanel";
import { TwoStepPanel } from "./TwoStepPanel";
import styles from "./Account.module.css";

/** Two-step verification, a copy of my data, and deleting the account: the settings' Security tab. */
export function AccountSecurityPage() {
  return (
    <SettingsLayout title="Account and security">
      <div className={styles.sections}>
        <TwoStepPanel />
        <MyDataPanel />
        <DeleteAccountPanel />
      </div>
    </SettingsLayout>
  );
}
