import { useMutation } from "@tanstack/react-query";
import type { LookupBarcodeResponse } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";

/** `lookup_barcode`: a packaged food from Open Food Facts, checked by the server, or why it was refused. */
export function lookupBarcode(code: string): Promise<LookupBarcodeResponse> {
  return callFunction("lookup_barcode", { code });
}

/** A lookup is asked for with a button, so it is a mutation: nothing is looked up while the code is typed. */
export function useLookupBarcode() {
  return useMutation({ mutationFn: lookupBarcode });
}
