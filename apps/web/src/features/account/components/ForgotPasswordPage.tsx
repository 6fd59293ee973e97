import { useState } from "react";
import { Link } from "react-router";
import { AuthCard, AuthCardForm, AuthCardSuccess } from "../../../components/AuthCard";
import { EmailField } from "../../../components/EmailField";
import { requestPasswordReset } from "../api/recover-password";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    setError(null);
    if (!email.trim()) {
      setError("You must provide either an email or phone number.");
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      documentTitle="Forgot password"
      title="Forgot your password?"
      intro="Enter your e-mail address and we will send you a link to choose a new password."
      footer={<Link to="/signin">Back to sign in</Link>}
    >
      {sent ? (
        <AuthCardSuccess>
          If an account exists for {email.trim()}, we have sent it a link to reset the password. The link
          works once, for one hour.
        </AuthCardSuccess>
      ) : (
        <AuthCardForm onSubmit={onSubmit} error={error} busy={busy} submitLabel="Send reset link">
          <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        </AuthCardForm>
      )}
    </AuthCard>
  );
}
