import { useState } from "react";
import type { FormEvent } from "react";
import type { EnrollFactorResponse } from "@fitwise/contracts/account";
import { Button } from "../../../components/Button";
import { FormError } from "../../../components/FormError";
import { TextField } from "../../../components/TextField";
import { useAlert } from "../../../lib/alerts";
import { useAuth } from "../../../lib/auth";
import { enrolTotp } from "../api/enrol-totp";
import { unenrolFactor } from "../api/unenrol-factor";
import { verifyTotpCode } from "../api/verify-factor";
import { verifiedTotpFactor } from "./second-factor";
import styles from "./Account.module.css";

function message(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** Groups of four characters are easier to type into an authenticator app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function TwoStepPanel() {
  const { session, refreshUser } = useAuth();
  const { showAlert } = useAlert();
  const [enrolment, setEnrolment] = useState<EnrollFactorResponse | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const factor = session ? verifiedTotpFactor(session) : undefined;

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      setError(message(caught));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setEnrolment(await enrolTotp()));

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enrolment) return;
    void run(async () => {
      await verifyTotpCode(enrolment.id, code);
      setEnrolment(null);
      setCode("");
      showAlert("success", "Two-step verification is on. You will be asked for a code when you sign in.");
    });
  };

  const remove = () =>
    run(async () => {
      if (!factor) return;
      await unenrolFactor(factor.id);
      await refreshUser();
      showAlert("success", "Two-step verification is off.");
    });

  return (
    <section className={styles.section} aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step verification</h2>
      {factor ? (
        <>
          <p>On: signing in asks for a code from your authenticator app.</p>
          <Button variant="secondary" busy={busy} onClick={() => void remove()}>
            Turn off two-step verification
          </Button>
        </>
      ) : enrolment ? (
        <form className={styles.form} onSubmit={confirm} noValidate>
          <p>
            Scan this QR code with an authenticator app, or type the key into it, then enter the code it
            shows.
          </p>
          <img
            className={styles.qr}
            src={enrolment.totp.qr_code}
            alt="QR code to add your account to an authenticator app"
          />
          <p>
            Key:{" "}
            <code className={styles.secret} data-testid="totp-secret">
              {grouped(enrolment.totp.secret)}
            </code>
          </p>
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className={styles.row}>
            <Button type="submit" busy={busy}>
              Turn on
            </Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p>Protect your account with a code from an authenticator app each time you sign in.</p>
          <Button busy={busy} onClick={() => void start()}>
            Set up two-step verification
          </Button>
        </>
      )}
      <FormError message={error} />
    </section>
  );
}
