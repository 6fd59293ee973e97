import { useEffect } from "react";
import { Link, Navigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { SITE_CONFIG } from "../../lib/site-config";
import { FeatureIcon } from "./components/FeatureIcon";
import { PhonePreview } from "./components/PhonePreview";
import { CommunityLinks } from "./components/CommunityLinks";
import { StoreBadges } from "./components/StoreBadges";
import { FEATURES, PRICING_PLANS, TESTIMONIALS } from "./landing-content";
import type { PricingPlan } from "./landing-content";
import styles from "./LandingPage.module.css";

const usd = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function formatUsd(amount: number): string {
  return `${usd.format(amount)} USD`;
}

export function LandingPage() {
  const { status } = useAuth();

  useEffect(() => {
    document.title = `${SITE_CONFIG.brandName} — your personal trainer in your pocket`;
  }, []);

  // docs/product.md §2: signed-in visitors go straight to their diet plan.
  if (status === "signedIn") return <Navigate to="/diet" replace />;

  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroGrid}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>A personal trainer in your pocket</p>
            <h1 id="landing-title" className={styles.heroTitle}>
              Custom diets and workouts that fit your life
            </h1>
            <p className={styles.heroLead}>
              Tell us your goal and we build your meal plans and weekly workouts around your body, your food
              and your schedule. Replace any meal or exercise with one click, and ask Alex, your 24/7 AI
              trainer who knows your plans, whenever you need a hand.
            </p>
            <div className={styles.ctaRow}>
              <Link to="/signup" className={`${styles.button} ${styles.buttonPrimary}`}>
                Get For Free Now
              </Link>
              <p className={styles.signIn}>
                Already have an account?{" "}
                <Link to="/signin" className={styles.inlineLink}>
                  Sign in
                </Link>
              </p>
            </div>
            <StoreBadges className={styles.heroBadges} />
            <ul className={styles.trustList}>
              <li>Free plan, no card needed</li>
              <li>Your data is never sold</li>
              <li>Cancel Pro anytime</li>
            </ul>
          </div>
          <div className={styles.heroVisual}>
            <PhonePreview />
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <div className={styles.sectionIntro}>
          <h2 id="features-title" className={styles.sectionTitle}>
            Everything a good coach does, on your phone
          </h2>
          <p className={styles.sectionLead}>
            Plans built from your numbers, changes in a click, and answers at any hour.
          </p>
        </div>
        <ul className={styles.featureGrid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.featureCard}>
              <span className={styles.featureIcon}>
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className={styles.cardTitle}>{feature.title}</h3>
              <p className={styles.cardText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="steps-title">
        <div className={styles.sectionIntro}>
          <h2 id="steps-title" className={styles.sectionTitle}>
            Your plan in three steps
          </h2>
        </div>
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3 className={styles.cardTitle}>Tell us about you</h3>
            <p className={styles.cardText}>
              Your goal, experience, training days, body measurements and what you like to eat.
            </p>
          </li>
          <li className={styles.step}>
            <h3 className={styles.cardTitle}>Get your plans</h3>
            <p className={styles.cardText}>
              A daily calorie target, meal plans that hit it and a weekly workout plan for your equipment.
            </p>
          </li>
          <li className={styles.step}>
            <h3 className={styles.cardTitle}>Adjust as you go</h3>
            <p className={styles.cardText}>
              Replace items, save favourites and ask Alex to change your plans when life gets in the way.
            </p>
          </li>
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="testimonials-title">
        <div className={styles.sectionIntro}>
          <h2 id="testimonials-title" className={styles.sectionTitle}>
            What members say
          </h2>
        </div>
        <ul className={styles.testimonialGrid}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.firstName} className={styles.testimonialCard}>
              <figure className={styles.figure}>
                <blockquote className={styles.quote}>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className={styles.author}>
                  <span className={styles.avatar} aria-hidden="true">
                    {testimonial.firstName.charAt(0)}
                  </span>
                  <span>
                    <span className={styles.authorName}>{testimonial.firstName}</span>
                    <span className={styles.authorContext}>{testimonial.context}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section
        className={`${styles.section} ${styles.sectionAlt}`}
        aria-labelledby="pricing-title"
        id="pricing"
      >
        <div className={styles.sectionIntro}>
          <h2 id="pricing-title" className={styles.sectionTitle}>
            Simple pricing
          </h2>
          <p className={styles.sectionLead}>Start free. Upgrade to Pro when you want everything unlocked.</p>
        </div>
        <ul className={styles.pricingGrid}>
          {PRICING_PLANS.map((plan) => (
            <PricingCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </section>

      <section className={styles.finalCta} aria-labelledby="final-cta-title">
        <div className={styles.finalCtaInner}>
          <h2 id="final-cta-title" className={styles.finalCtaTitle}>
            Your first plan is a few minutes away
          </h2>
          <p className={styles.finalCtaText}>
            Create a free account and get your calorie target and plans today.
          </p>
          <Link to="/signup" className={`${styles.button} ${styles.buttonOnDark}`}>
            Get For Free Now
          </Link>
          <StoreBadges className={styles.finalBadges} />
        </div>
      </section>

      <CommunityLinks />

      <p className={styles.disclaimer}>
        {SITE_CONFIG.brandName} offers general fitness and nutrition guidance, not medical advice. Check with
        a doctor before starting a new diet or exercise programme.
      </p>
    </div>
  );
}

function PricingCard({ plan }: { plan: PricingPlan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <li
      className={plan.highlighted ? `${styles.priceCard} ${styles.priceCardHighlighted}` : styles.priceCard}
    >
      <article aria-labelledby={titleId} className={styles.priceCardBody}>
        {plan.badge ? <p className={styles.planBadge}>{plan.badge}</p> : null}
        <h3 id={titleId} className={styles.planName}>
          {plan.name}
        </h3>
        <p className={styles.price}>
          {plan.originalPriceUsd !== undefined ? (
            <s className={styles.originalPrice}>
              <span className="visually-hidden">Was </span>
              {formatUsd(plan.originalPriceUsd)}
            </s>
          ) : (
            <span className={styles.originalPrice}>Free forever</span>
          )}
          <span className={styles.currentPrice}>
            {plan.originalPriceUsd !== undefined ? <span className="visually-hidden">now </span> : null}
            {plan.priceUsd === 0 ? "0 USD" : formatUsd(plan.priceUsd)}
          </span>
          {plan.period ? <span className={styles.period}>/{plan.period}</span> : null}
        </p>
        <p className={styles.planNote}>
          {plan.period === "year"
            ? `${plan.note} That is ${formatUsd(plan.priceUsd / 12)} a month, billed yearly.`
            : plan.note}
        </p>
        <ul className={styles.planFeatures}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M4.5 10.5l3.5 3.5 7.5-8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {feature}
            </li>
          ))}
        </ul>
        <Link
          to="/signup"
          className={`${styles.button} ${plan.highlighted ? styles.buttonPrimary : styles.buttonSecondary} ${styles.selectButton}`}
        >
          Select<span className="visually-hidden"> {plan.name}</span>
        </Link>
      </article>
    </li>
  );
}
