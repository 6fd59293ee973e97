import { PGlite } from "@electric-sql/pglite";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
if (!existsSync("/tmp/pgseed.tgz")) {
  const db = await PGlite.create();
  const blob = await db.dumpDataDir("gzip");
  writeFileSync("/tmp/pgseed.tgz", Buffer.from(await blob.arrayBuffer()));
  await db.close(); console.log("seed written");
}
const t=performance.now();
const db = await PGlite.create({ dataDir: process.argv[2], loadDataDir: new Blob([readFileSync("/tmp/pgseed.tgz")]), ...(process.argv[3] ? {initialMemory: Number(process.argv[3])*1048576} : {}) });
await db.query("select 1");
console.log("ms", Math.round(performance.now()-t), "rss", Math.round(process.memoryUsage().rss/1048576));
await db.close();
