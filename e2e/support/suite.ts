import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startServer, type RunningServer } from "./server";

/** A spec file's server and browser, read once `beforeAll` has started them. */
export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts one server (a fresh database) and one Chromium for the test file that calls it, and stops both after its last
 * test: every spec's shared set-up in one place.
 */
export function serverAndBrowser(): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (server === undefined) throw new Error("The server starts in beforeAll: read it inside a test.");
      return server;
    },
    get browser() {
      if (browser === undefined) throw new Error("The browser starts in beforeAll: read it inside a test.");
      return browser;
    },
  };
}
