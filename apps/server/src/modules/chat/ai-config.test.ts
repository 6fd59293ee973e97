import { describe, expect, it } from "vitest";
import { loadConfig } from "../../env";

const base = { DATA_DIR: ":memory:" };

describe("AI_* environment (the trainer chat's model)", () => {
  it("leaves the model off by default, so the offline brain answers", () => {
    expect(loadConfig(base).ai).toBeUndefined();
  });

  it("turns the model on with a base URL and a model name", () => {
    expect(
      loadConfig({ ...base, AI_BASE_URL: "http://127.0.0.1:11434/v1/", AI_MODEL: "llama3.1" }).ai,
    ).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: "not-needed",
      model: "llama3.1",
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({
        ...base,
        AI_BASE_URL: "https://api.openai.com/v1",
        AI_MODEL: "gpt-4o-mini",
        AI_API_KEY: "sk-x",
        AI_TIMEOUT_MS: "5000",
      }).ai,
    ).toMatchObject({ apiKey: "sk-x", timeoutMs: 5_000 });
  });

  it.each([
    [{ AI_BASE_URL: "http://127.0.0.1:11434/v1" }, "AI_MODEL"],
    [{ AI_MODEL: "gpt-4o-mini" }, "AI_BASE_URL"],
    [{ AI_BASE_URL: "ftp://example.com", AI_MODEL: "m" }, "AI_BASE_URL"],
    [{ AI_BASE_URL: "http://x.example/v1", AI_MODEL: "m", AI_TIMEOUT_MS: "fast" }, "AI_TIMEOUT_MS"],
  ])("names the variable that is wrong: %j", (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(variable);
  });
});
