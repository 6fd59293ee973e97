import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_TIMEOUTS, socketTimeouts } from "../app";
import { buildTestApp, testConfig } from "../test/test-app";

/** Resolves with the milliseconds until the server closed the socket. */
function closedAfterMs(socket: Socket): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => socket.on("close", () => resolve(Date.now() - started)));
}

describe("socket time limits", () => {
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    app = await buildTestApp({ socketTimeouts: { connectionMs: 400, requestMs: 400, keepAliveMs: 300 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it("closes a socket that never sends anything", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    const ms = await closedAfterMs(socket);
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(5_000);
  });

  it("closes a kept-alive socket that stays idle after its answer", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    const closed = closedAfterMs(socket);
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.write("GET /auth/v1/settings HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    expect(await closed).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it("defaults to limits longer than the model's time to answer", () => {
    expect(socketTimeouts(testConfig())).toEqual({
      connectionMs: SOCKET_TIMEOUTS.minConnectionMs,
      requestMs: 30_000,
      keepAliveMs: 72_000,
    });
    const slowModel = testConfig({
      ai: { baseUrl: "http://127.0.0.1:1/v1", apiKey: "", model: "m", timeoutMs: 200_000 },
    });
    expect(socketTimeouts(slowModel).connectionMs).toBe(230_000);
  });
});
