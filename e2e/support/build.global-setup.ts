import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Browser tests serve the built web app and run the built server bundle, so a spec run on its own
 * (`npx vitest run e2e/x.spec.ts`) after a source change must not test yesterday's build. The build
 * script rebuilds only what is older than its sources (a no-op within `npm test`, which builds first).
 */
export default function setup(): void {
  const script = fileURLToPath(new URL("../../scripts/build.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [script], { stdio: "inherit" });
  if (result.status !== 0)
    throw new Error("The build failed: browser tests need apps/web/dist and apps/server/dist");
}
