import type { AuthSettings } from "@fitwise/contracts/account";
import type { AccountServiceDeps } from "./account.deps";
import { AccountData } from "./account.data";
import { AccountEmail } from "./account.email";
import { AccountMfa } from "./account.mfa";
import { AccountGoogle } from "./account.oidc";

/**
 * The account endpoints beside auth, one part per job: e-mail links (account.email), Google sign-in
 * (account.oidc), MFA factors (account.mfa) and the user's data (account.data).
 */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  readonly email: AccountEmail;
  readonly google: AccountGoogle;
  readonly mfa: AccountMfa;
  readonly data: AccountData;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
    this.email = new AccountEmail(deps);
    this.google = new AccountGoogle(deps);
    this.mfa = new AccountMfa(deps);
    this.data = new AccountData(deps);
  }

  /** Awaits e-mails still being sent; the app calls it when it closes. */
  async drain(): Promise<void> {
    await this.email.drain();
  }

  settings(): AuthSettings {
    return {
      external: { email: true, google: this.#deps.oidc !== null, phone: false },
      disable_signup: false,
      mailer_autoconfirm: !this.#deps.config.authConfirmEmail,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      mfa_enabled: true,
    };
  }
}
