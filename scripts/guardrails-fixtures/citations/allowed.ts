// Other senses of "spec" and "issue", and citations inside the repository: none breaks a rule.
// Global Privacy Control: https://privacycg.github.io/gpc-spec/
// Browser tests are e2e/*.spec.ts; a browser spec's server starts once per file.
// The OpenAPI spec is generated from the contracts.
// The protein ceilings (docs/product.md §6.2 "Meal plans", docs/decisions/030).
// Known issues are listed in the decision records; screenshots go to ../../test-results.
export const ALLOWED = true;
