import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../../env";
import type { EmailToSend, JobQueue } from "../jobs/job-queue";

/** A message as the send-email job carries it (the jobs module, below this one, names its shape). */
export type MailMessage = EmailToSend;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

function fromAddress(config: AppConfig): string {
  return config.mailFrom ?? `"${config.brandName.replaceAll('"', "")}" <no-reply@localhost>`;
}

/**
 * Sends through SMTP_URL with nodemailer; without it, writes each message as an .eml file to
 * DATA_DIR/outbox (owner-readable only, since it holds sign-in links) and logs the file name.
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  const from = fromAddress(config);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  const outbox = config.dataDir === ":memory:" ? null : join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      let file: string | null = null;
      if (outbox) {
        await mkdir(outbox, { recursive: true, mode: 0o700 });
        // ISO time first so the files sort in sending order; the random part keeps two in one millisecond apart.
        const stamp = new Date().toISOString().replace(/[:.]/g, "-");
        file = join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
      }
      // The file holds the address and the link; the log names only the file (no personal data in logs).
      log.info({ subject: message.subject, file }, "e-mail written to the outbox (SMTP_URL is not set)");
    },
  };
}

/**
 * With the job queue on (docs/decisions/077): a message becomes a send-email job, which the queue's worker sends
 * through the mailer of createMailer, retrying when SMTP fails; the request no longer waits for SMTP. The key is the
 * link's hash (each link is new), so the same message queued twice is sent once.
 */
export function queuedMailer(jobs: JobQueue): Mailer {
  return {
    async send(message) {
      const key = `send-email:${createHash("sha256").update(message.link).digest("hex")}`;
      await jobs.enqueue("send-email", key, { email: message });
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain message with one button; the link is also in the text part for clients without HTML. */
export function linkMessage(input: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): MailMessage {
  const text = `${input.intro}\n\n${input.action}: ${input.link}\n\n${input.outro}\n`;
  const html = `<p>${escapeHtml(input.intro)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.action)}</a></p>
<p>${escapeHtml(input.outro)}</p>`;
  return { to: input.to, subject: input.subject, text, html, link: input.link };
}
