import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./api-client";
import { parseJsonTextResponse } from "./json-text-response";

const ItemSchema = z.object({ id: z.string(), kcal: z.number() });

describe("parseJsonTextResponse", () => {
  it("parses JSON text that matches the schema", () => {
    expect(parseJsonTextResponse('{"id":"a","kcal":120}', ItemSchema)).toEqual({ id: "a", kcal: 120 });
  });

  it.each([["not json"], ['{"id":"a"}'], ["null"]])("rejects %j as an unexpected answer", (text) => {
    const attempt = () => parseJsonTextResponse(text, ItemSchema);
    expect(attempt).toThrow(ApiError);
    expect(attempt).toThrow("Received unexpected data format from server.");
  });
});
