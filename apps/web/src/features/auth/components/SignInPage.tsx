import { useState } from "react";
import { Link } from "react-router";
import { AuthCardForm } from "../../../components/AuthCard";
import { EmailField } from "../../../components/EmailField";
import { PasswordField } from "../../../components/PasswordField";
import { trackEvent } from "../../../lib/analytics";
import { useAuth } from "../../../lib/auth";
import { useRedirectWhenSignedIn } from "../hooks/use-redirect-when-signed-in";
import { authErrorMessage } from "./auth-error-message";
import { PasswordAuthCard } from "./PasswordAuthCard";

export function SignInPage() {
  const { signIn } = useAuth();
  const redirecting = useRedirectWhenSignedIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async () => {
    setError(null);
    setSubmitting(true);
    try {
      await signIn({ email, password });
      trackEvent({ name: "sign_in" });
    } catch (caught) {
      setError(authErrorMessage(caught));
      setSubmitting(false);
    }
  };

  return (
    <PasswordAuthCard
      redirecting={redirecting}
      documentTitle="Sign in"
      title="Welcome back"
      intro="Sign in to see your diet and workout plans."
      switchPrompt={
        <>
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </>
      }
    >
      <AuthCardForm
        onSubmit={onSubmit}
        error={error}
        errorTestId="auth-error"
        busy={submitting}
        submitLabel="Sign In"
      >
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link to="/forgot-password">Forgot password?</Link>
      </AuthCardForm>
    </PasswordAuthCard>
  );
}
