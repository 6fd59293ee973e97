import { Link } from "react-router";
import { StaticPage } from "./components/StaticPage";
import { BRAND, SUPPORT_EMAIL } from "./site-identity";
import styles from "./ContactPage.module.css";

export function ContactPage() {
  return (
    <StaticPage
      title="Contact us"
      lead={<p>Questions, feedback or a problem with your account? We are happy to help.</p>}
    >
      <section className={styles.card} aria-labelledby="contact-support">
        <h2 id="contact-support" className={styles.cardTitle}>
          Support
        </h2>
        <p>
          Support contact:{" "}
          <a className={styles.email} href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
        </p>
        <p className={styles.note}>
          We aim to reply within two business days. Pro members get priority support: their messages are
          answered first.
        </p>
      </section>

      <h2>Help us help you</h2>
      <ul>
        <li>Write from the e-mail address you use for your {BRAND} account, so we can find it quickly.</li>
        <li>Tell us which page you were on and what you expected to happen.</li>
        <li>
          For billing questions, include the date of the charge; never send us your card number or password.
        </li>
      </ul>

      <h2>Things you can do yourself</h2>
      <ul>
        <li>Update your weight, goal, workout days or diet preferences in Settings — your plans follow.</li>
        <li>Cancel or resume your Pro subscription in Settings → Subscription.</li>
        <li>Export a copy of your data or delete your account in Settings.</li>
        <li>Forgot your password? Use the password reset link on the sign-in page.</li>
      </ul>
      <p>
        You may also want to read our <Link to="/termsofservice">Terms of Service</Link> and{" "}
        <Link to="/privacypolicy">Privacy Policy</Link>.
      </p>
    </StaticPage>
  );
}
