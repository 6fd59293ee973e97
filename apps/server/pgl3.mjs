import { PGlite } from "@electric-sql/pglite";
const t=performance.now();
const opts = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const db = await PGlite.create({ dataDir: process.argv[2], ...opts });
const r = await db.query("show shared_buffers"); const w = await db.query("show work_mem");
console.log("ms", Math.round(performance.now()-t), "rss", Math.round(process.memoryUsage().rss/1048576), JSON.stringify(process.memoryUsage()), r.rows, w.rows);
await db.close();
