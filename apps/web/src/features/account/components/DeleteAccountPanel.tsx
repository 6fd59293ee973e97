import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/Button";
import { FormError } from "../../../components/FormError";
import { PasswordField } from "../../../components/PasswordField";
import { useAlert } from "../../../lib/alerts";
import { useAuth } from "../../../lib/auth";
import { deleteMyAccount } from "../api/delete-my-account";
import styles from "./Account.module.css";

export function DeleteAccountPanel() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Accounts made with the form have the "email" identity, hence a password; Google-only ones do not.
  const hasPassword = user?.app_metadata.providers.includes("email") ?? true;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (hasPassword && !password) {
      setError("Enter your password to delete your account.");
      return;
    }
    setBusy(true);
    try {
      await deleteMyAccount(hasPassword ? password : null);
      await signOut();
      showAlert("success", "Your account and all its data have been deleted.", { keepOnNavigation: true });
      await navigate("/", { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Your account could not be deleted.");
      setBusy(false);
    }
  };

  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete my account</h2>
      <p>
        This removes your account, profile, plans, saved plans (their shared links stop working), chat and
        subscription record for good. It cannot be undone.
      </p>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {hasPassword ? (
          <PasswordField
            label="Your password"
            name="delete-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <p>For your security, this works within 5 minutes of signing in with Google.</p>
        )}
        <FormError message={error} />
        <div>
          <Button type="submit" variant="danger" busy={busy}>
            Delete my account
          </Button>
        </div>
      </form>
    </section>
  );
}
