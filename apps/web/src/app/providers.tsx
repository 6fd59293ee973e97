import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";
import { AlertProvider } from "../lib/alerts";
import { AuthProvider, useAuth } from "../lib/auth";
import { UpgradeOverlayProvider } from "../lib/upgrade-overlay";
import { UpgradeOverlayHost } from "../features/subscription/components/UpgradeOverlayHost";

function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and only follows later online/offline events; a page
  // opened offline must pause its queries at once, so the cached plans show (docs/decisions/047).
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refused or invalid request will not succeed on retry; a network or server failure might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** Drops cached server data when the user signs out, so the next account never sees the last one's data. */
function ClearCacheOnSignOut({ client }: { client: QueryClient }) {
  const { status } = useAuth();
  useEffect(() => {
    if (status === "signedOut") client.clear();
  }, [status, client]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ClearCacheOnSignOut client={queryClient} />
        <AlertProvider>
          <UpgradeOverlayProvider renderOverlay={(state) => <UpgradeOverlayHost {...state} />}>
            {children}
          </UpgradeOverlayProvider>
        </AlertProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
