import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, expect, it } from "vitest";
import { ChatTrainerResponseSchema } from "@fitwise/contracts/chat";
import { toWireMealItem } from "@fitwise/contracts/plan-items.mapper";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { RED_FLAG_REPLIES } from "@fitwise/engine/trainer/red-flags";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, makePro, PROFILE } from "../../test/plan-journey.fixture";

/**
 * A local OpenAI-compatible server on loopback: each POST /v1/chat/completions takes the next scripted answer.
 * It answers as llama.cpp's llama-server and Ollama do on /v1/chat/completions: tool calls with their arguments as
 * JSON text. "hang" never answers (the client's time-out must fire); a number answers that HTTP status; "garbage" a
 * body that is not JSON; "no-choices" JSON without the completion's choices.
 */
type Script =
  | { toolCalls?: { name: string; arguments: string }[]; content?: string }
  | "hang"
  | "garbage"
  | "no-choices"
  | number;

const script: Script[] = [];
const requests: { messages: { role: string; content: string | null }[]; tools?: unknown[] }[] = [];

function completion(answer: Exclude<Script, string | number>) {
  const toolCalls = (answer.toolCalls ?? []).map((call, index) => ({
    id: `call_${requests.length}_${index}`,
    type: "function",
    function: call,
  }));
  return {
    id: `chatcmpl-${requests.length}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: "scripted",
    choices: [
      {
        index: 0,
        finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
        message: {
          role: "assistant",
          content: answer.content ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const fake: Server = createServer((request, response) => {
  void readBody(request).then((body) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body) as (typeof requests)[number]);
    const next = script.shift() ?? { content: "(script exhausted)" };
    if (next === "hang") return;
    if (next === "garbage" || next === "no-choices") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        next === "garbage" ? "<html>llama is loading</html>" : JSON.stringify({ object: "error" }),
      );
      return;
    }
    if (typeof next === "number") {
      response.writeHead(next, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(completion(next)));
  });
});
await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;

afterAll(async () => {
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

beforeEach(() => {
  script.length = 0;
  requests.length = 0;
});

const TIMEOUT_MS = 1_500;

describeWithDatabases(
  "trainer chat (model brain, scripted OpenAI-compatible server)",
  ({ app, db, signUp }) => {
    async function planned(): Promise<{ user: SignedUp; day1: MealItemWire[] }> {
      const user = await signUp();
      await callOk(app(), "write_user_data", PROFILE, user.accessToken);
      await makePro(db(), user.userId);
      const day1 = await callOk<MealItemWire[]>(
        app(),
        "openai_get_meal_plan",
        { currentDay: 1 },
        user.accessToken,
      );
      await callOk(app(), "openai_get_workout_plan", {}, user.accessToken);
      return { user, day1 };
    }
    const send = (user: SignedUp, message: string) =>
      callFunction(
        app(),
        "openai_chat_trainer",
        { user_message: message, conversation_history: [] },
        user.accessToken,
      );
    const storedDay1 = async (user: SignedUp) =>
      (
        await db()
          .selectFrom("meal_plans")
          .select("items")
          .where("user_id", "=", user.userId)
          .where("day_index", "=", 1)
          .executeTakeFirstOrThrow()
      ).items.map(toWireMealItem);
    const storedMessages = async (user: SignedUp) =>
      db().selectFrom("chat_messages").select("content").where("user_id", "=", user.userId).execute();
    const toolResults = (index: number) =>
      (requests[index]?.messages ?? [])
        .filter((message) => message.role === "tool")
        .map((message) => message.content ?? "");

    it("carries out a tool call through the engine and saves it; the engine's numbers lead the reply", async () => {
      const { user, day1 } = await planned();
      const breakfast = day1.find((item) => item.Meal === "Breakfast") as MealItemWire;
      script.push(
        {
          toolCalls: [
            { name: "replace_meal_item", arguments: JSON.stringify({ item_name: breakfast.Item, day: 1 }) },
          ],
        },
        { content: "Done, enjoy your new breakfast!" },
      );
      const response = await send(user, `could you swap my ${breakfast.Item}?`);
      expect(response.statusCode, response.body).toBe(200);
      const reply = ChatTrainerResponseSchema.parse(response.json());
      const after = await storedDay1(user);
      const swapped = after[day1.indexOf(breakfast)] as MealItemWire;
      expect(swapped.id).not.toBe(breakfast.id);
      expect(after.filter((item) => item !== swapped)).toEqual(
        day1.filter((item) => item.id !== breakfast.id),
      );
      expect(reply.item_ids_updated).toEqual([swapped.id]);
      expect(reply.active_day).toBe(1);
      expect(reply.message).toMatch(/^Swapped \*\*/);
      expect(reply.message).toContain("Done, enjoy your new breakfast!");
      expect(requests).toHaveLength(2);
      expect(requests[0]?.tools).toHaveLength(12);
      expect(toolResults(1)[0]).toContain(`Swapped **${breakfast.Item}`);
    });

    it("retries bad JSON once, then answers with the offline brain", async () => {
      const { user, day1 } = await planned();
      const breakfast = day1.find((item) => item.Meal === "Breakfast") as MealItemWire;
      script.push(
        { toolCalls: [{ name: "replace_meal_item", arguments: "{item_name: oats" }] },
        { toolCalls: [{ name: "replace_meal_item", arguments: "not json either" }] },
      );
      const response = await send(user, `swap the ${breakfast.Item}`);
      expect(response.statusCode, response.body).toBe(200);
      const reply = ChatTrainerResponseSchema.parse(response.json());
      expect(requests).toHaveLength(2);
      expect(toolResults(1)[0]).toContain("not valid JSON");
      // The offline brain understood the same message and swapped the item itself.
      expect(reply.message).toContain(`Swapped **${breakfast.Item}`);
      expect((await storedDay1(user)).some((item) => item.id === breakfast.id)).toBe(false);
    });

    it("sends an invented food back for correction and then applies the corrected call", async () => {
      const { user, day1 } = await planned();
      const dinner = day1.find((item) => item.Meal === "Dinner") as MealItemWire;
      script.push(
        {
          toolCalls: [
            { name: "replace_meal_item", arguments: JSON.stringify({ item_name: "Dragon fruit souffle" }) },
          ],
        },
        { toolCalls: [{ name: "replace_meal_item", arguments: JSON.stringify({ item_name: dinner.Item }) }] },
        { content: "Swapped it." },
      );
      const response = await send(user, "swap my dragon fruit souffle");
      expect(response.statusCode, response.body).toBe(200);
      expect(toolResults(1)[0]).toContain(`"Dragon fruit souffle" is not on day 1's plan`);
      expect((await storedDay1(user)).some((item) => item.id === dinner.id)).toBe(false);
    });

    it("tells the model which allergy words the planner could not place", async () => {
      const { user } = await planned();
      await callOk(app(), "write_user_data", { user_allergies: "sesame, zorblax" }, user.accessToken);
      script.push({ content: "I didn't recognise zorblax: could you say it another way?" });
      const response = await send(user, "hello");
      expect(response.statusCode, response.body).toBe(200);
      const context = (requests[0]?.messages ?? []).map((message) => message.content ?? "").join("\n");
      expect(context).toContain("could not place, so plans cannot leave them out: zorblax.");
    });

    it("refuses a food the user is allergic to, tells the model why, and changes nothing", async () => {
      const { user, day1 } = await planned();
      const sesameFood =
        FOOD_CATALOGUE.find(
          (food) => food.allergens.includes("sesame") && food.slots.includes("Breakfast"),
        ) ?? FOOD_CATALOGUE.find((food) => food.allergens.includes("sesame"));
      const breakfast = day1.find((item) => item.Meal === "Breakfast") as MealItemWire;
      script.push(
        {
          toolCalls: [
            {
              name: "replace_meal_item",
              arguments: JSON.stringify({ item_name: breakfast.Item, with_food: sesameFood?.name }),
            },
          ],
        },
        { content: "Sorry, that food contains sesame, which you are allergic to, so I kept your breakfast." },
      );
      const response = await send(user, `replace my ${breakfast.Item} with ${sesameFood?.name}`);
      expect(response.statusCode, response.body).toBe(200);
      const reply = ChatTrainerResponseSchema.parse(response.json());
      expect(toolResults(1)[0]).toMatch(/^Refused: .*sesame/);
      expect(reply.message).toContain("contains sesame");
      expect(reply.item_ids_updated).toBeUndefined();
      expect(reply.active_day).toBeUndefined();
      expect(await storedDay1(user)).toEqual(day1);
    });

    /** The brain the stored chat_message event names: "model", "offline" or "model-fallback". */
    const brainOf = async (user: SignedUp) =>
      (
        await db()
          .selectFrom("analytics_events")
          .select("properties")
          .where("user_id", "=", user.userId)
          .where("name", "=", "chat_message")
          .executeTakeFirstOrThrow()
      ).properties.brain;

    it("answers with the offline brain when the model is slower than AI_TIMEOUT_MS", async () => {
      const { user, day1 } = await planned();
      const breakfast = day1.find((item) => item.Meal === "Breakfast") as MealItemWire;
      script.push("hang");
      const started = Date.now();
      const response = await send(user, `swap the ${breakfast.Item}`);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
      expect(response.statusCode, response.body).toBe(200);
      const reply = ChatTrainerResponseSchema.parse(response.json());
      // The offline brain did the swap through the engine, as it does without a model.
      expect(reply.message).toContain(`Swapped **${breakfast.Item}`);
      expect(requests).toHaveLength(1);
      expect(await brainOf(user)).toBe("model-fallback");
      expect((await storedDay1(user)).map((item) => item.id)).not.toContain(breakfast.id);
    });

    it.each([
      ["an HTTP 500", 500],
      ["a body that is not JSON", "garbage"],
      ["JSON that is not a chat completion", "no-choices"],
    ] as const)("answers with the offline brain when the model answers %s", async (_label, answer) => {
      const { user } = await planned();
      script.push(answer);
      const response = await send(user, "what is my calorie target?");
      expect(response.statusCode, response.body).toBe(200);
      expect(ChatTrainerResponseSchema.parse(response.json()).message).not.toBe("");
      expect(await brainOf(user)).toBe("model-fallback");
      expect(await storedMessages(user)).toHaveLength(2);
      expect(requests).toHaveLength(1);
    });

    it("never sends red flags to the model", async () => {
      const { user, day1 } = await planned();
      const response = await send(user, "I get chest pain when I run, swap my workout");
      expect(response.statusCode).toBe(200);
      expect(ChatTrainerResponseSchema.parse(response.json()).message).toBe(RED_FLAG_REPLIES.heart);
      expect(requests).toHaveLength(0);
      expect(await storedDay1(user)).toEqual(day1);
    });
  },
  { config: { ai: { baseUrl, apiKey: "test-key", model: "scripted", timeoutMs: TIMEOUT_MS } } },
);
