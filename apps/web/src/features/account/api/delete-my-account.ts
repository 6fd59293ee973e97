import { callFunction } from "../../../lib/call-function";

/** delete_my_account: the password for password accounts; Google-only accounts send none. */
export async function deleteMyAccount(password: string | null): Promise<void> {
  await callFunction("delete_my_account", password === null ? {} : { password });
}
