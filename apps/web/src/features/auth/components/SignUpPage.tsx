import { useRef, useState } from "react";
import { Link } from "react-router";
import { AuthCardForm } from "../../../components/AuthCard";
import { EmailField } from "../../../components/EmailField";
import { PasswordField } from "../../../components/PasswordField";
import { trackEvent } from "../../../lib/analytics";
import { useAuth } from "../../../lib/auth";
import { useRedirectWhenSignedIn } from "../hooks/use-redirect-when-signed-in";
import { authErrorMessage } from "./auth-error-message";
import { FullNameField, fullNameProblem } from "./FullNameField";
import { PasswordAuthCard } from "./PasswordAuthCard";
import { rememberedSharedPlan } from "../../../lib/shared-plan-arrival";
import styles from "./AuthForm.module.css";

export function SignUpPage() {
  const { signUp } = useAuth();
  // A new account always starts onboarding, whatever the completeness check would say.
  const destination = useRef<string | null>(null);
  const redirecting = useRedirectWhenSignedIn(destination);
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async () => {
    setError(null);
    const nameProblem = fullNameProblem(fullName);
    if (nameProblem) {
      setError(nameProblem);
      return;
    }
    setSubmitting(true);
    destination.current = "/goal";
    try {
      await signUp({ fullName, email, password, sharedPlan: rememberedSharedPlan() });
      trackEvent({ name: "sign_up" });
    } catch (caught) {
      destination.current = null;
      setError(authErrorMessage(caught));
      setSubmitting(false);
    }
  };

  return (
    <PasswordAuthCard
      redirecting={redirecting}
      documentTitle="Sign up"
      title="Create your account"
      intro="Custom diets, custom workouts and a 24/7 AI trainer, free to start."
      switchPrompt={
        <>
          Already have an account? <Link to="/signin">Sign in</Link>
        </>
      }
    >
      <AuthCardForm
        onSubmit={onSubmit}
        error={error}
        errorTestId="auth-error"
        busy={submitting}
        submitLabel="Sign Up"
        beforeSubmit={
          <p className={styles.legal}>
            By signing up you agree to our <Link to="/termsofservice">Terms of Service</Link> and{" "}
            <Link to="/privacypolicy">Privacy Policy</Link>.
          </p>
        }
      >
        <FullNameField value={fullName} onChange={(event) => setFullName(event.target.value)} />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </AuthCardForm>
    </PasswordAuthCard>
  );
}
