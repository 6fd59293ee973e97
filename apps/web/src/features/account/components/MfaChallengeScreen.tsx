import { useState } from "react";
import { AuthCard, AuthCardForm } from "../../../components/AuthCard";
import { Button } from "../../../components/Button";
import { TextField } from "../../../components/TextField";
import { useAuth } from "../../../lib/auth";
import { verifyTotpCode } from "../api/verify-factor";
import { verifiedTotpFactor } from "./second-factor";

/** The second step of signing in: the 6-digit code from the authenticator app. */
export default function MfaChallengeScreen() {
  const { session, signOut } = useAuth();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const factor = session ? verifiedTotpFactor(session) : undefined;

  const onSubmit = async () => {
    if (!factor) return;
    setError(null);
    setBusy(true);
    try {
      await verifyTotpCode(factor.id, code);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The code could not be checked. Please try again.");
      setBusy(false);
    }
  };

  return (
    <AuthCard
      standalone
      documentTitle="Two-step verification"
      title="Two-step verification"
      intro="Enter the 6-digit code from your authenticator app to finish signing in."
      footer={
        <Button variant="link" onClick={() => void signOut()}>
          Sign out
        </Button>
      }
    >
      <AuthCardForm onSubmit={onSubmit} error={error} busy={busy} submitLabel="Verify">
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </AuthCardForm>
    </AuthCard>
  );
}
