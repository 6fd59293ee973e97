import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 for tests: keeps every message it receives, parsed. `refuseNext(n)` makes it answer
 * the next n messages with a temporary failure (451), as a mail server that is busy or restarting does.
 */
export async function startSmtpServer() {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refused += 1;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to `to` received after `after` messages, waiting up to 10 s. */
    async next(to: string, after = 0): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.slice(after).find((mail) => mail.to && JSON.stringify(mail.to).includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    refuseNext(count: number): void {
      toRefuse = count;
    },
    /** How many messages were refused so far. */
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The /auth/confirm link (the app's confirm page) in a message's text part. */
export function confirmLinkIn(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text ?? "");
  if (!match) throw new Error("no confirm link in the e-mail");
  return new URL(match[0]);
}
