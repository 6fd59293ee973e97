import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Browser tests serve the built web app and run the built server bundle, so a spec run on its own
 * (`npx vitest run e2e/x.spec.ts`) after a source change must not test yesterday's build. The build
 * script rebuilds only what is older than its sources (a no-op within `npm test`, which builds first).
 */
export default function setup(): void {
  const script = fileURLToPath(new URL("../../scripts/build.mjs", import.meta.url));
  // Vitest sets NODE_ENV=test, with which Vite would build React's development bundle (200 KB gzip on
  // the landing page): the build gets the environment `npm run build` would have.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")),
  );
  const result = spawnSync(process.execPath, [script], { stdio: "inherit", env });
  if (result.status !== 0)
    throw new Error("The build failed: browser tests need apps/web/dist and apps/server/dist");
}
