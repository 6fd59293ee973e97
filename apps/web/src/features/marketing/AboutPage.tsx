import { Link } from "react-router";
import { StaticPage } from "./components/StaticPage";
import { BRAND } from "./site-identity";

export function AboutPage() {
  return (
    <StaticPage
      title={`About ${BRAND}`}
      lead={
        <p>
          {BRAND} is a personal trainer in your pocket. It turns your body data and your goal into a daily
          calorie target, meal plans you can actually cook and a weekly workout plan you can actually do — and
          then it keeps adjusting with you.
        </p>
      }
    >
      <h2>Why we built it</h2>
      <p>
        Most people who want to lose fat or build muscle do not need another motivational video. They need to
        know what to eat today, what to do at the gym or at home, and what to change when something does not
        fit their life. A good personal trainer answers those questions, but few people can afford one every
        week. {BRAND} gives everyone the same kind of personal plan and a coach who is available at any hour.
      </p>

      <h2>How it works</h2>
      <ul>
        <li>
          <strong>Your numbers, calculated properly.</strong> We estimate your daily energy needs with the
          Mifflin-St Jeor equation and your activity level, then set a sensible target for your goal — never
          below safe minimums.
        </li>
        <li>
          <strong>Meal plans built by optimisation.</strong> Your plan is solved, not guessed: calories within
          a few percent of your target, enough protein for your goal, and your diet type, allergies and
          disliked foods treated as hard rules.
        </li>
        <li>
          <strong>Workouts that match your week.</strong> A split for the number of days you can train,
          exercises for your equipment and experience, with warm-ups, cool-downs and rest days built in.
        </li>
        <li>
          <strong>Replace anything with one click.</strong> Do not like an item? Swap it for one that fits the
          same meal and calories, or an exercise that trains the same body part.
        </li>
        <li>
          <strong>Alex, your 24/7 trainer.</strong> Ask Alex to swap your lunch, move Thursday’s workout, or
          explain an exercise. Alex knows your plans and changes them for you.
        </li>
      </ul>

      <h2>Where the food figures come from</h2>
      <p>
        The energy and nutrients of our foods, and the generic foods you can search and log in your food
        diary, come from the USDA National Nutrient Database for Standard Reference, Legacy Release (SR
        Legacy, Release 28), U.S. Department of Agriculture, Agricultural Research Service, a public-domain
        work. Our dishes add up their ingredients’ SR Legacy figures.
      </p>

      <h2>What we believe</h2>
      <p>
        Consistency beats intensity. Honest numbers beat hype. And your data is yours: we use it to coach you,
        we never sell it, and you can export or delete it whenever you like. Read more in our{" "}
        <Link to="/privacypolicy">Privacy Policy</Link>.
      </p>
      <p>
        {BRAND} gives general fitness and nutrition guidance, not medical advice. If you have a health
        condition, please check with your doctor before changing how you eat or train.
      </p>

      <h2>Get started</h2>
      <p>
        New to training? Our beginner guide covers measuring food, tracking your progress, hydration, workout
        basics and staying safe. <Link to="/signup">Create a free account</Link> to get your plans, or{" "}
        <Link to="/contact">get in touch</Link> — we read every message.
      </p>
    </StaticPage>
  );
}
