/**
 * Writes brotli (.br) and gzip (.gz) copies of the built text assets beside them, so the server
 * (@fastify/static with `preCompressed`) sends a third of the bytes without compressing per request.
 * Runs as the last step of `npm run build -w @fitwise/web`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);
/** Below about 1 KB the encoding headers cost more than they save. */
const MIN_BYTES = 1024;

const distDir = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let written = 0;
for (const path of files(distDir)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  written += 1;
}
console.log(`precompress: wrote .br and .gz for ${written} files in ${distDir}`);
