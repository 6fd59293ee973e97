import COMMON_PASSWORDS_LIST from "./common-passwords.json";

/**
 * Passwords no one should be allowed to choose (NIST SP 800-63B §5.1.1.2: check new passwords against values
 * "commonly-used, expected, or compromised", including "repetitive or sequential characters" and context-specific
 * words such as the user's own name or address). The list is every password of 8 or more characters among the
 * 20,000 most frequent of zxcvbn's frequency-ranked list (@zxcvbn-ts/language-common 3.0.4, src/passwords.json,
 * drawn from Mark Burnett's 10 million password sample; MIT, see common-passwords.LICENSE.txt), lower-cased:
 * 7,348 entries, bundled, never downloaded at run time (decision 056).
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST);

/** Characters in a run that counts as sequential: "abcdefgh", "87654321", "qwertyui" are no secrets. */
const SEQUENCES = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

function isSequential(text: string): boolean {
  return SEQUENCES.some((sequence) =>
    [sequence, [...sequence].reverse().join("")].some((run) => run.includes(text)),
  );
}

/**
 * Why this password is too easy to guess, or undefined when it is not: a common password (compared lower-cased,
 * so "Password1" counts as "password1"), one character repeated ("        ", "aaaaaaaa"), a straight run of
 * letters, digits or keyboard keys, or the account's own e-mail address or its name part.
 */
export function guessablePassword(password: string, email: string | undefined): string | undefined {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return "common";
  if (new Set(lower).size === 1) return "repetitive";
  if (isSequential(lower)) return "sequential";
  const address = email?.toLowerCase();
  if (address && (lower === address || lower === address.split("@")[0])) return "email";
  return undefined;
}
