import { Link } from "react-router";
import { StaticPage } from "./components/StaticPage";
import { BRAND, LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from "./site-identity";

export function PrivacyPolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      lead={
        <p>
          {BRAND} needs some personal information, including data about your body, to build your plans. This
          policy explains what we store, why, who else sees it, and how you stay in control. The short
          version: we use your data to run {BRAND} for you, we never sell it, and you can export or delete it
          at any time.
        </p>
      }
    >
      <h2>1. What we store</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your name, e-mail address and a securely hashed password (we cannot
          read it), or your Google account identifier if you sign in with Google, plus two-factor
          authentication settings if you turn them on.
        </li>
        <li>
          <strong>Profile and body data:</strong> age, gender, height, weight, activity level, fitness goal,
          experience level, preferred workout days, time and type, diet type, cuisine, favourite foods,
          protein sources, allergies and foods you avoid, and the calorie needs we calculate from them. Some
          of this is health-related information, so we treat it with extra care.
        </li>
        <li>
          <strong>Plans:</strong> the meal and workout plans we generate for you, the items you replace, and
          the plans you save or share.
        </li>
        <li>
          <strong>Chat:</strong> the messages you exchange with Alex, your AI trainer, so the conversation can
          continue and Alex can refer to your plans.
        </li>
        <li>
          <strong>Subscription:</strong> your plan (free or Pro), subscription status, renewal or end date
          and, if you cancel, the reason you choose. Card details are handled by our payment provider; we
          never see or store your full card number.
        </li>
        <li>
          <strong>Technical data:</strong> security logs (such as sign-in times and IP addresses, kept to
          protect accounts).
        </li>
        <li>
          <strong>Usage events:</strong> which screens of {BRAND} are opened, and a few actions: opening the
          app or the chat, signing up or in, connecting Google, saving your diet preferences, and the kind of
          request you make to Alex. {BRAND} records these itself; no third-party analytics service sees them.
          They name the screen and the action only, never what you typed, the link of a shared plan, your IP
          address or your device, and they use no cookies. When you are signed in, they are linked to your
          account. If your browser sends Do Not Track or Global Privacy Control, {BRAND} records none of
          these.
        </li>
      </ul>

      <h2>2. Why we use it</h2>
      <ul>
        <li>
          To provide the Service: calculate your calorie target, build and adjust your plans, and let Alex
          answer with your plans in mind. We rely on our contract with you and, for health-related data, on
          your explicit consent, which you give when you enter it and can withdraw by deleting it.
        </li>
        <li>To manage your subscription and payments, and to meet tax and accounting obligations.</li>
        <li>
          To keep {BRAND} secure, prevent abuse and fix problems, and to understand in aggregate which
          features people use so we can improve them.
        </li>
        <li>To answer you when you contact support, and to send essential account and service messages.</li>
      </ul>
      <p>We do not use your body or health data for advertising, and we do not build advertising profiles.</p>

      <h2>3. We do not sell your data</h2>
      <p>
        We never sell, rent or trade your personal information. We share it only with service providers who
        help us run {BRAND}, under contracts that limit them to processing it on our instructions:
      </p>
      <ul>
        <li>our hosting and database providers, which store the data;</li>
        <li>our payment provider, which processes subscription payments and may act as seller of record;</li>
        <li>
          where enabled, an AI model provider that drafts plans and chat replies; it receives the message and
          the plan details needed to answer, not your password or payment details;
        </li>
        <li>an e-mail provider for account e-mails such as password resets.</li>
      </ul>
      <p>We may also disclose information when the law requires it, or to protect people’s safety.</p>

      <h2>4. Shared plans</h2>
      <p>
        When you share a plan, anyone with the link can see that plan and a short summary (such as your goal
        and calorie target) on its public page. The link cannot be guessed, and it stops working when you
        delete the saved plan.
      </p>

      <h2>5. Cookies and local storage</h2>
      <p>
        {BRAND} does not use advertising or third-party tracking cookies. Your browser’s local storage keeps
        your sign-in session and a copy of recent data (such as your current plans and which screens you have
        already visited) so the app loads quickly. These are strictly necessary for the app to work. Signing
        out clears them, except two small flags that remember you have already seen the diet and workout
        introductions.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        We keep your data while your account is open. When you delete your account, we delete your profile,
        plans, shared links and chat history straight away, and remove them from backups within 30 days. We
        keep payment records for as long as tax law requires, and security logs for up to 90 days. Usage
        events are deleted after one year; those linked to a deleted account stay only as anonymous counts, no
        longer linked to you.
      </p>

      <h2>7. Your choices and rights</h2>
      <ul>
        <li>
          <strong>Export:</strong> download a copy of your data at any time in Settings.
        </li>
        <li>
          <strong>Correct:</strong> update your personal details and preferences in Settings.
        </li>
        <li>
          <strong>Delete:</strong> delete your account and all its data in Settings.
        </li>
        <li>
          <strong>Other rights:</strong> depending on where you live, you may also have the right to object to
          or restrict some processing, and to complain to your data-protection authority. Write to us and we
          will help.
        </li>
      </ul>

      <h2>8. Security</h2>
      <p>
        We protect your data with encrypted connections, hashed passwords, short-lived sign-in tokens,
        optional two-factor authentication, and strict checks so no user can read another user’s data. No
        system is perfectly secure; if a breach ever affects your data, we will tell you and the authorities
        as the law requires.
      </p>

      <h2>9. Children</h2>
      <p>
        {BRAND} is not meant for children under 13, and we do not knowingly collect their data. If you believe
        a child under 13 has created an account, contact us and we will delete it.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        If we make a material change to this policy, we will tell you by e-mail and in the app at least 30
        days before it takes effect, as our <Link to="/termsofservice">Terms of Service</Link> describe.
      </p>

      <h2>11. Contact</h2>
      <p>
        For any privacy question or request, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        We answer within 30 days, usually much sooner.
      </p>
    </StaticPage>
  );
}
