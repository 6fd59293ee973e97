import { once } from "node:events";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** The upstream the next request goes to. */
  nextUpstream(): number;
  close(): Promise<void>;
}

/**
 * A load balancer in miniature for tests: an HTTP proxy on loopback that sends request n to upstream
 * n mod upstreams.length, appends the client's address to X-Forwarded-For (as nginx's
 * $proxy_add_x_forwarded_for does) and names the upstream that answered in X-Upstream.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next % upstreams.length;
    next += 1;
    const upstream = new URL(incoming.url ?? "/", upstreams[index]);
    const forwardedFor = [incoming.headers["x-forwarded-for"], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const forwarded = httpRequest(
      upstream,
      {
        method: incoming.method,
        agent,
        headers: { ...incoming.headers, host: upstream.host, "x-forwarded-for": forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    nextUpstream: () => next % upstreams.length,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
