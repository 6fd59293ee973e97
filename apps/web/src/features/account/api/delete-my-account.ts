import { DeleteMyAccountResponseSchema } from "@fitwise/contracts/account";
import { callFunction } from "../../../lib/api-client";

/** delete_my_account: the password for password accounts; Google-only accounts send none. */
export async function deleteMyAccount(password: string | null): Promise<void> {
  await callFunction(
    "delete_my_account",
    password === null ? {} : { password },
    DeleteMyAccountResponseSchema,
  );
}
