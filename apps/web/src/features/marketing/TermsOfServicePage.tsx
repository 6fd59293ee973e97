import { Link } from "react-router";
import { StaticPage } from "./components/StaticPage";
import { BRAND, LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from "./site-identity";

export function TermsOfServicePage() {
  return (
    <StaticPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      lead={
        <p>
          These terms are the agreement between you and {BRAND} for using the {BRAND} website and apps (the
          “Service”). By creating an account or using the Service you accept them. If you do not agree, please
          do not use the Service.
        </p>
      }
    >
      <h2>1. What {BRAND} does</h2>
      <p>
        {BRAND} turns the information you give us — your goal, body measurements, activity level and food and
        training preferences — into a daily calorie target, meal plans and a weekly workout plan. You can
        replace single items, save and share plans, and chat with Alex, our automated AI trainer. Alex is
        software, not a person, and can make mistakes.
      </p>

      <h2>2. Health disclaimer — not medical advice</h2>
      <p>
        {BRAND} provides general fitness and nutrition information for healthy adults and teenagers aged 13
        and over. It is not medical advice, diagnosis or treatment, and it does not replace a doctor,
        registered dietitian or physiotherapist. Calorie targets are estimates from standard formulas and may
        not suit you.
      </p>
      <ul>
        <li>
          Talk to a doctor before starting a new diet or exercise programme, especially if you are pregnant or
          breastfeeding, have a medical condition (such as heart disease, diabetes or an eating disorder),
          take medication, or are recovering from an injury.
        </li>
        <li>Stop exercising and seek help if you feel pain, dizziness, chest pain or shortness of breath.</li>
        <li>
          Always check food labels for allergens yourself. We leave out foods you tell us to avoid, but we
          cannot guarantee the ingredients of products you buy.
        </li>
      </ul>
      <p>
        You use the plans and advice at your own risk and remain responsible for your own health decisions.
      </p>

      <h2>3. Your account</h2>
      <p>
        You must be at least 13 years old to use {BRAND}; if you are under the age of majority where you live,
        a parent or guardian must agree to these terms. Give accurate information, keep your password secret,
        and tell us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has
        used your account. You are responsible for activity under your account.
      </p>

      <h2>4. Free plan and Pro subscription</h2>
      <p>
        The free plan includes your calorie target, breakfast from your first meal plan, the first day of your
        workout plan, three free replacements and chat with Alex. Pro unlocks every meal of all three daily
        meal plans, every workout day, unlimited meal and workout resets and replacements, and priority
        support. Current prices are shown on our pricing page and in the app before you buy: Pro Monthly costs
        4.99 USD per month and Pro Yearly 49.99 USD per year, plus any taxes that apply where you live.
      </p>
      <ul>
        <li>
          <strong>Free trial.</strong> A new Pro subscription starts with a 7-day free trial, or a 14-day free
          trial if you created your account from a plan someone shared with you (the checkout shows yours). If
          you do not cancel before the trial ends, the subscription starts and your first payment is taken.
        </li>
        <li>
          <strong>Automatic renewal.</strong> Subscriptions renew automatically at the end of each monthly or
          yearly period, at the price you agreed to, until you cancel.
        </li>
        <li>
          <strong>Payments.</strong> Payments are processed by our payment provider, which acts as the seller
          of record and handles your card details. We never see or store your full card number.
        </li>
        <li>
          <strong>Price changes.</strong> If we change the price of your subscription, we will tell you at
          least 30 days before it applies to you, and you can cancel before then.
        </li>
      </ul>

      <h2>5. Cancellation and refunds</h2>
      <p>
        You can cancel at any time in <em>Settings → Subscription</em>. After you cancel, you keep Pro until
        the end of the period you have already paid for, and you will not be charged again; you can choose
        “Continue being a Pro” before that date to undo the cancellation. We do not refund partial periods,
        except where the law requires it or where we decide to in a particular case — write to us if something
        went wrong. If you live in a country that gives you a statutory right to withdraw from an online
        purchase, that right is not affected.
      </p>

      <h2>6. Acceptable use</h2>
      <p>Please do not:</p>
      <ul>
        <li>break the law, or use the Service to harass, harm or deceive anyone;</li>
        <li>try to access other users’ data, probe or overload our systems, or get around usage limits;</li>
        <li>copy, resell or scrape the Service or its content, or use it to build a competing product;</li>
        <li>share plans through public links that contain content you have no right to share.</li>
      </ul>
      <p>We may suspend or close accounts that seriously or repeatedly break these rules.</p>

      <h2>7. Your content and shared plans</h2>
      <p>
        Your profile, plans and chat messages remain yours. You give us permission to store and process them
        only to run the Service for you, as explained in our <Link to="/privacypolicy">Privacy Policy</Link>.
        When you share a plan, anyone with its link can view the plan and the summary shown on the public page
        until you delete it.
      </p>

      <h2>8. Availability and changes to the Service</h2>
      <p>
        We work to keep {BRAND} available and accurate, but we provide it “as is” and cannot promise it will
        always be uninterrupted or error-free. We may improve, change or retire features; if we remove a paid
        feature you rely on, we will tell you in advance and you may cancel.
      </p>

      <h2>9. Liability</h2>
      <p>
        To the extent the law allows, {BRAND} is not liable for indirect or consequential losses, and our
        total liability to you for any claim is limited to the amount you paid us in the 12 months before it.
        Nothing in these terms limits liability that cannot be limited by law, such as for death or personal
        injury caused by negligence, or your rights as a consumer.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. We will give you 30 days’ notice of any material change
        by e-mail and in the app before it takes effect. If you keep using {BRAND} after that date, the new
        terms apply; if you do not agree, you can cancel your subscription and delete your account before
        then. Small changes that do not affect your rights, such as corrections or clarifications, apply when
        we publish them.
      </p>

      <h2>11. Ending the agreement</h2>
      <p>
        You can stop using {BRAND} and delete your account at any time in Settings. We may end this agreement
        if you seriously break these terms, or if we stop offering the Service, in which case we will give you
        reasonable notice and refund any prepaid period you can no longer use.
      </p>

      <h2>12. Contact</h2>
      <p>
        Questions about these terms? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or visit
        our <Link to="/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
