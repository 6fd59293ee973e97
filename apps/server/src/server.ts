import { buildApp } from "./app";
import { DataFolderLockedError } from "./db/data-folder-lock";
import { loadConfig } from "./env";

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let app;
try {
  app = await buildApp(config);
} catch (error) {
  // Another process owns the data folder: say so plainly rather than with a stack trace.
  if (!(error instanceof DataFolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then close the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
app.log.info(
  `${config.brandName} is running at http://${shownHost}:${config.port} (public URL ${config.publicUrl})`,
);
