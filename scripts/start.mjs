#!/usr/bin/env node
// `npm start`: serves the prebuilt web app and server bundle with plain Node — no tsx, no Vite at
// run time. Only when a source is newer than its build (an edit, a pull) is that part rebuilt first,
// in a child process, so the server process never loads the build tools.
import { buildIfStale } from "./build.mjs";

try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import("../apps/server/dist/server.js");
