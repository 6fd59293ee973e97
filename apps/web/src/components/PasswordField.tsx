import { TextField } from "./TextField";
import type { TextFieldProps } from "./TextField";

interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "required" | "autoComplete"> {
  /** Tells password managers whether to fill the saved password or offer a new one. */
  autoComplete: "current-password" | "new-password";
}

/** A required, masked password input. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" required {...props} />;
}
