import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthCard, AuthCardForm } from "../../../components/AuthCard";
import { PasswordField } from "../../../components/PasswordField";
import { useAlert } from "../../../lib/alerts";
import { useAuth } from "../../../lib/auth";
import { updatePassword } from "../api/update-password";

/** Where the recovery e-mail's link lands (signed in by a short-lived recovery session). */
export function ResetPasswordPage() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const arriving = location.hash.includes("access_token=");

  const onSubmit = async () => {
    setError(null);
    if (password !== confirmation) {
      setError("The two passwords do not match.");
      return;
    }
    setBusy(true);
    try {
      await updatePassword(password);
      showAlert("success", "Your password has been changed. Other devices have been signed out.", {
        keepOnNavigation: true,
      });
      // /signin sends a signed-in user on to their plans or to onboarding.
      await navigate("/signin", { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong. Please try again.");
      setBusy(false);
    }
  };

  const signedIn = status === "signedIn";
  return (
    <AuthCard
      documentTitle="Choose a new password"
      title="Choose a new password"
      intro={
        signedIn
          ? undefined
          : arriving || status === "loading"
            ? "Checking your link..."
            : "Open the link from the password reset e-mail to choose a new password here."
      }
      introRole="status"
      footer={<Link to="/forgot-password">Send a new link</Link>}
    >
      {signedIn ? (
        <AuthCardForm onSubmit={onSubmit} error={error} busy={busy} submitLabel="Save new password">
          <PasswordField
            label="New password"
            name="new-password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label="Repeat the new password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </AuthCardForm>
      ) : null}
    </AuthCard>
  );
}
