import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";

/** Whether the browser is online, as TanStack Query sees it: the same signal that pauses its queries. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}
