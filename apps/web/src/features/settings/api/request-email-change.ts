import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { UserSchema } from "../../../lib/auth-schemas";

/**
 * PUT /auth/v1/user {email} (GoTrue's e-mail change): the server mails a link to the new address; the account
 * keeps its address until that link is opened. Answers the user with `new_email`.
 */
export function requestEmailChange(email: string) {
  return apiFetch("/auth/v1/user", { method: "PUT", body: { email }, schema: UserSchema });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
