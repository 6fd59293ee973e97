import { TextField } from "./TextField";
import type { TextFieldProps } from "./TextField";

type EmailFieldProps = Omit<
  TextFieldProps,
  "label" | "name" | "type" | "autoComplete" | "inputMode" | "required"
>;

/** The required "Email" field of the sign-in, sign-up and password-reset forms. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}
