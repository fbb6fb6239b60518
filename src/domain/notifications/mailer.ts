/**
 * Outgoing email with nodemailer: over SMTP (pooled connections) when SMTP_URL is set, otherwise written to $DATA_DIR/mail as
 * .eml files a developer can open. A message written twice under one key replaces the first (file mode).
 */
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { composeAlternative } from "./mime-message";

export interface MailMessage {
  /** Stable per logical message (e.g. the outbox job), so that a retried send is recognisable. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  description: string;
  send(message: MailMessage): Promise<void>;
  /** Closes kept-open connections (SMTP's pool), when there are any. */
  close?(): void;
}

/** `clock`: the domain's (shared/clock.ts, which this room may not import; the shape is the same), for the Date header. */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string; clock: { now(): Date } }): Mailer {
  const domain = opts.from.match(/@([^>\s]+)/)?.[1] ?? "payroute.invalid";
  const envelope = (m: MailMessage) => ({
    from: opts.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments,
    messageId: `<${m.key}@${domain}>`,
  });
  // The common email is composed here in one pass; one with attachments (or an address needing IDN) by nodemailer.
  const raw = (m: MailMessage) =>
    m.attachments?.length
      ? null
      : composeAlternative({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          messageId: `${m.key}@${domain}`,
          text: m.text,
          html: m.html,
          date: opts.clock.now(),
        });
  if (opts.smtpUrl) {
    const sender = addressparser(opts.from, { flatten: true })[0]?.address ?? opts.from;
    // Pooled: a batch of invitations goes out over a few kept-open connections (5, up to 100 messages each)
    // instead of one SMTP session per message. `?pool=false` in SMTP_URL turns it off.
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, pool: true });
    const safe = new URL(opts.smtpUrl);
    return {
      description: `SMTP ${safe.hostname}:${safe.port || (safe.protocol === "smtps:" ? 465 : 587)}`,
      async send(m) {
        const message = raw(m);
        await transport.sendMail(message === null ? envelope(m) : { envelope: { from: sender, to: [m.to] }, raw: message });
      },
      close: () => transport.close(),
    };
  }
  const dir = path.resolve(opts.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `files in ${dir}`,
    async send(m) {
      const message = raw(m) ?? (await transport.sendMail(envelope(m))).message;
      if (typeof message !== "string" && !Buffer.isBuffer(message)) throw new Error("mail transport did not buffer the message");
      // Asynchronous: a batch's files are written by the thread pool while the worker goes on. The folder is
      // made when a write finds it missing (first use, or removed since), not before every message.
      const file = path.join(dir, `${m.key.replace(/[^A-Za-z0-9_.-]/g, "_")}.eml`);
      await fs.promises.writeFile(`${file}.tmp`, message).catch(async (e: unknown) => {
        if (!(e instanceof Error && "code" in e && e.code === "ENOENT")) throw e;
        await fs.promises.mkdir(dir, { recursive: true });
        await fs.promises.writeFile(`${file}.tmp`, message);
      });
      await fs.promises.rename(`${file}.tmp`, file); // readers never see half a message
    },
  };
}
