// Import rules checked by `npm run check` (docs/decisions/016-guardrails.md). dependency-cruiser
// resolves every import, relative or through a workspace package, to a file, so a relative path
// across features is caught as surely as a package name; type-only imports count too.
// scripts/guardrails.test.ts proves each rule fires on the fixtures in scripts/guardrails-fixtures/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment:
        "No import cycles, type-only imports included: a cycle makes load order and refactoring fragile.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "features-stay-apart",
      comment:
        "A web feature never imports another feature; shared UI goes to apps/web/src/components, shared non-UI code to apps/web/src/lib.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "shared-web-code-above-features",
      comment:
        "apps/web/src/components and apps/web/src/lib are used by features, never the other way round.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "engine-imports-nothing-of-ours",
      comment: "The engine is pure domain logic: no contracts, no server, no web.",
      severity: "error",
      from: { path: "^packages/engine/" },
      to: { path: "^(packages/contracts|apps|e2e)/" },
    },
    {
      name: "contracts-above-apps",
      comment: "The contracts describe the API; they may use engine types, never an app.",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { path: "^(apps|e2e)/" },
    },
    {
      name: "web-uses-contracts-and-engine-only",
      comment: "The browser app talks to the server over HTTP; it imports only the contracts and the engine.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^(apps/server|e2e)/" },
    },
    {
      name: "server-uses-contracts-engine-db-only",
      comment: "The server imports the contracts, the engine and its own db layer, never the web app.",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^(apps/web|e2e)/" },
    },
    {
      name: "server-edge-below-modules",
      comment:
        "The server's HTTP edge (apps/server/src/http), database layer (apps/server/src/db) and shared test helpers (apps/server/src/test) serve the modules and never import one, tests included: a test that needs module code lives in a module or beside app.ts (docs/decisions/075).",
      severity: "error",
      from: { path: "^apps/server/src/(http|db|test)/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "server-modules-acyclic",
      comment:
        "No cycle between server module folders (apps/server/src/modules/<x>), whichever files make it: each module may use only those below it (docs/decisions/075). Checked on folders, so a cycle through different files is caught too.",
      severity: "error",
      scope: "folder",
      from: { path: "^apps/server/src/modules/[^/]+$" },
      to: { path: "^apps/server/src/modules/[^/]+$", circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data|test-results)/" },
    // Count `import type` too: a type-only cycle still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
