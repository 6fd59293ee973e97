import { apiFetch } from "../../../lib/api-client";

/** DELETE /auth/v1/factors/{id}: the server requires an aal2 session. */
export async function unenrolFactor(factorId: string): Promise<void> {
  await apiFetch(`/auth/v1/factors/${encodeURIComponent(factorId)}`, { method: "DELETE" });
}
