import { apiFetch } from "../../../lib/api-client";

/** PUT /auth/v1/user {password}: the server ends every other session of the user. */
export async function updatePassword(password: string): Promise<void> {
  await apiFetch("/auth/v1/user", { method: "PUT", body: { password } });
}
