import { useState } from "react";
import type { FormEvent } from "react";
import { Button } from "../../../components/Button";
import { TextField } from "../../../components/TextField";
import { ApiError } from "../../../lib/api-client";
import { useRequestEmailChange } from "../api/request-email-change";
import { FormMessage, useFormMessage } from "./FormMessage";
import styles from "./Settings.module.css";

/**
 * Change of e-mail address (GoTrue's email_change): the new address gets a link, and the account keeps its
 * address until that link is opened, so a typo cannot lock anyone out.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const request = useRequestEmailChange();
  const [email, setEmail] = useState("");
  const [message, showMessage] = useFormMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!wanted) {
      showMessage({ type: "error", text: "Enter the new e-mail address." });
      return;
    }
    request.mutate(wanted, {
      onSuccess: (user) => {
        setEmail("");
        showMessage({
          type: "success",
          text: `We sent a link to ${user.new_email ?? wanted}. Open it to make that your address.`,
          detail: `Until then you sign in with ${currentEmail}.`,
        });
      },
      onError: (error) =>
        showMessage({
          type: "error",
          text: error instanceof ApiError ? error.message : "We couldn't send the link. Please try again.",
        }),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change your e-mail address">
      <p className={styles.hint}>You sign in with {currentEmail}.</p>
      <TextField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hint="We send a link to it; your address changes when you open that link."
      />
      <FormMessage message={message} />
      <Button type="submit" variant="secondary" busy={request.isPending}>
        {request.isPending ? "Sending…" : "Send confirmation link"}
      </Button>
    </form>
  );
}
