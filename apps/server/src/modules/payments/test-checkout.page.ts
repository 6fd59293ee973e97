import { PRO_PLAN_PRICES } from "@fitwise/contracts/payments";
import type { PaymentCheckout } from "./payments.repository";

/**
 * The local test checkout (PAYMENTS_PROVIDER=test), rendered by the server: a plain HTML form that
 * posts back to the server, so it works under the app's CSP (no script at all) and without the SPA.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f6f8; color: #1a1f24; line-height: 1.5; }
  .banner { background: #b3261e; color: #fff; text-align: center; padding: 16px; font-weight: 800;
    font-size: 1.25rem; letter-spacing: 0.02em; }
  .banner small { display: block; font-weight: 500; font-size: 0.95rem; letter-spacing: 0; }
  main { max-width: 480px; margin: 24px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid #d0d7de; border-radius: 12px; padding: 24px; }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .price { font-size: 1.1rem; margin: 0 0 4px; }
  .price s { color: #57606a; margin-right: 6px; }
  .muted { color: #57606a; margin: 0 0 16px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; min-height: 44px; padding: 8px 12px; font-size: 1rem;
    border: 1px solid #8c959f; border-radius: 8px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #0b6e4f; outline-offset: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .error { background: #ffebe9; border: 1px solid #b3261e; color: #8a1c15; border-radius: 8px;
    padding: 12px; margin: 16px 0 0; }
  button { width: 100%; min-height: 48px; margin-top: 20px; border: 0; border-radius: 8px; background: #0b6e4f;
    color: #fff; font-size: 1.05rem; font-weight: 700; cursor: pointer; }
  .hint { font-size: 0.9rem; color: #57606a; margin: 12px 0 0; }
  .back { display: inline-block; margin-top: 16px; color: #0b5394; }
`;

function layout(title: string, brandName: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brandName)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">TEST MODE — no real payment<small>This checkout only simulates the payment provider. No card is charged.</small></div>
<main>
${content}
</main>
</body>
</html>`;
}

export interface TestCheckoutPageInput {
  checkout: PaymentCheckout;
  brandName: string;
  /** The trial this user was promised (7 days, or 14 after signing up from a shared plan). */
  trialDays: number;
  error?: string;
  /** The values the user typed, shown again after a refusal (never the CVC). */
  values?: { cardName?: string; cardNumber?: string; expiry?: string };
}

export function renderTestCheckoutPage({
  checkout,
  brandName,
  trialDays,
  error,
  values = {},
}: TestCheckoutPageInput): string {
  const plan = PRO_PLAN_PRICES[checkout.plan];
  const action = `/test-checkout/${encodeURIComponent(checkout.checkout_id)}`;
  const errorHtml = error ? `<p class="error" role="alert" id="payment-error">${escapeHtml(error)}</p>` : "";
  const invalid = error ? ' aria-invalid="true" aria-describedby="payment-error"' : "";
  const content = `<div class="card">
<h1>${escapeHtml(brandName)} ${escapeHtml(plan.name)}</h1>
<p class="price"><s aria-label="Original price ${plan.originalPriceUsd} US dollars">${plan.originalPriceUsd} USD</s> <strong>${plan.priceUsd} USD / ${plan.period}</strong></p>
<p class="muted">${trialDays} days free trial, cancel anytime. Subscribing as ${escapeHtml(checkout.email)}.</p>
<form method="post" action="${action}" novalidate>
<label for="card_name">Name on card</label>
<input id="card_name" name="card_name" autocomplete="cc-name" value="${escapeHtml(values.cardName ?? checkout.full_name ?? "")}">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required value="${escapeHtml(values.cardNumber ?? "")}"${invalid}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" required value="${escapeHtml(values.expiry ?? "")}"></div>
<div><label for="cvc">Security code</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
</div>
${errorHtml}
<button type="submit">Start ${trialDays}-day free trial</button>
<p class="hint">Test card: 4242 4242 4242 4242, any future expiry date, any 3 digits. Other cards are declined.</p>
</form>
<a class="back" href="/diet">Cancel and go back to ${escapeHtml(brandName)}</a>
</div>`;
  return layout("Test checkout", brandName, content);
}

export function renderCheckoutGonePage(brandName: string): string {
  const content = `<div class="card">
<h1>This checkout is no longer open</h1>
<p class="muted">It was already paid, has expired, or does not exist. Open the upgrade window in the app again to start a new one.</p>
<a class="back" href="/diet">Back to ${escapeHtml(brandName)}</a>
</div>`;
  return layout("Checkout closed", brandName, content);
}
