import type { ChangeEvent } from "react";
import { FULL_NAME_MAX_CHARS, FULL_NAME_TOO_LONG } from "@fitwise/contracts/auth";
import { TextField } from "../../../components/TextField";

/** The sign-up check the server makes too (SignUpRequestSchema): null when the name may be sent. */
export function fullNameProblem(fullName: string): string | null {
  const trimmed = fullName.trim();
  if (!trimmed) return "Please enter your full name.";
  if (trimmed.length > FULL_NAME_MAX_CHARS) return FULL_NAME_TOO_LONG;
  return null;
}

/**
 * The name on sign-up. The browser stops it at the server's limit; once it is full, a hint says why, since a
 * pasted longer text is cut off without a word otherwise.
 */
export function FullNameField({
  value,
  onChange,
}: {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const full = value.length >= FULL_NAME_MAX_CHARS;
  return (
    <TextField
      label="Full name"
      name="fullName"
      autoComplete="name"
      required
      maxLength={FULL_NAME_MAX_CHARS}
      value={value}
      onChange={onChange}
      {...(full
        ? {
            hint: `That is the longest name we keep: ${FULL_NAME_MAX_CHARS} characters. Anything longer is cut off.`,
          }
        : {})}
    />
  );
}
