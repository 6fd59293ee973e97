#!/usr/bin/env node
// Every test file must register tests on a bare machine (no PostgreSQL, no Redis): Vitest fails a
// whole run with "No test suite found" when one file registers none, which is what a newcomer without
// PostgreSQL once saw. Suites that need a service register anyway and report themselves skipped.
// This collects (nothing runs) with DATABASE_URL and REDIS_URL removed and names the files that
// registered nothing. Only files that can tell the two machines apart are collected: those naming a
// service variable or the server's test helpers (test/test-app.ts, which reads DATABASE_URL). Any other
// file registers the same tests on both, and `npm test` itself fails on one that registers none;
// collecting all of them took ~3 minutes of CI's 2 cores, importing the engine's catalogues for nothing.
// Arguments narrow the check to some files, as with `vitest list`.
// `vitest list` cannot answer this: it leaves skipped tests out, so a skipped suite looks empty.
import { readFileSync } from "node:fs";
import { relative } from "node:path";

delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const { createVitest } = await import("vitest/node");

/** Source text that makes a file's registration depend on the machine's services. */
const SERVICE_BOUND = /DATABASE_URL|REDIS_URL|test\/test-app/;

// Without isolation a worker imports the server once for all its files instead of once per file
// (~100 s → ~15 s); collecting only registers tests, so nothing one file does can leak into another's.
const vitest = await createVitest("test", { watch: false, reporters: [], isolate: false });
let failed = false;
try {
  const specifications = await vitest.globTestSpecifications(process.argv.slice(2));
  const serviceBound = [
    ...new Set(
      specifications
        .map((specification) => specification.moduleId)
        .filter((file) => SERVICE_BOUND.test(readFileSync(file, "utf8"))),
    ),
  ];
  const { testModules, unhandledErrors } = await vitest.collect(serviceBound);
  const empty = testModules.filter((module) => [...module.children.allTests()].length === 0);
  const broken = testModules.filter((module) => module.task.result?.state === "fail");
  for (const module of broken) {
    console.error(`${relative(process.cwd(), module.moduleId)} failed to load:`);
    for (const error of module.task.result?.errors ?? []) console.error(`  ${error.message}`);
  }
  for (const error of unhandledErrors) console.error(error);
  if (empty.length > 0) {
    console.error("These test files register no test without DATABASE_URL and REDIS_URL:");
    for (const module of empty) console.error(`  ${relative(process.cwd(), module.moduleId)}`);
    console.error("Register the suite and skip it (describe.skipIf / it.skipIf) instead of leaving it out.");
  }
  failed = empty.length > 0 || broken.length > 0 || unhandledErrors.length > 0;
  if (!failed)
    console.log(
      `ci: all ${testModules.length} service-bound test files register tests without DATABASE_URL and REDIS_URL`,
    );
} finally {
  await vitest.close();
}
process.exit(failed ? 1 : 0);
