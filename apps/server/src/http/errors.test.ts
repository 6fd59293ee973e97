import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPGlite } from "../db/database";
import { postgresAdminUrl } from "../test/test-app";
import { toHttpError } from "./errors";

/** Real driver errors for text the database refuses, from each database the server runs on. */
async function pgliteErrors(): Promise<unknown[]> {
  const db = await createPGlite({});
  const errors: unknown[] = [];
  await db.query("select $1::text", ["a\u0000b"]).catch((error: unknown) => errors.push(error));
  await db.query("select '\"\\u0000\"'::jsonb").catch((error: unknown) => errors.push(error));
  await db.close();
  return errors;
}

async function postgresErrors(url: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const errors: unknown[] = [];
  await client.query("select $1::text", ["a\u0000b"]).catch((error: unknown) => errors.push(error));
  await client.query("select '\"\\u0000\"'::jsonb").catch((error: unknown) => errors.push(error));
  await client.end();
  return errors;
}

describe("database encoding errors", () => {
  it("are answered 400 invalid_characters on PGlite", async () => {
    const errors = await pgliteErrors();
    expect(errors.map((error) => (error as { code: string }).code)).toEqual(["22021", "22P05"]);
    for (const error of errors)
      expect(toHttpError(error)).toMatchObject({ statusCode: 400, code: "invalid_characters" });
  });

  it.runIf(postgresAdminUrl)("are answered 400 invalid_characters on PostgreSQL", async () => {
    const errors = await postgresErrors(postgresAdminUrl ?? "");
    expect(errors).toHaveLength(2);
    for (const error of errors)
      expect(toHttpError(error)).toMatchObject({ statusCode: 400, code: "invalid_characters" });
  });

  it("leave other database errors a 500", async () => {
    const db = await createPGlite({});
    const error = await db.query("select 1/0").catch((caught: unknown) => caught);
    await db.close();
    expect(toHttpError(error)).toMatchObject({ statusCode: 500, code: "internal_error" });
  });
});
