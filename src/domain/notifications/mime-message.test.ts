import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mailer";
import { composeAlternative } from "./mime-message";

/** Quoted-printable undone, as bytes read as UTF-8. */
function unQp(s: string): string {
  const bytes: number[] = [];
  const flat = s.replace(/=\n/g, "");
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === "=" && /^[0-9A-F]{2}$/.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The bodies of a multipart message, decoded, in order. */
function bodies(raw: string): string[] {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1] ?? "";
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => unQp(p.slice(p.indexOf("\n\n") + 2).replace(/\n$/, "")));
}

const message = {
  from: "Payroute <no-reply@payroute.test>",
  to: "asa.oberg@example.se",
  subject: "Bygg & Måleri AB bjuder in dig att få betalt via Payroute – en lång ämnesrad som måste vikas",
  messageId: "invitation-1@payroute.test",
  text: "Hej Åsa Öberg,\n\nÖppna länken: http://127.0.0.1:3000/e/claim#token=abc_DEF-123=xyz\n\nKod: 59L4QSWK. " + "Lång rad ".repeat(20),
  html: '<p>Hej Åsa,<br><a href="http://127.0.0.1:3000/e/claim#token=abc">Öppna</a></p>',
  date: new Date("2026-01-02T03:04:05Z"),
};

describe("composeAlternative", () => {
  it("writes text and HTML as quoted-printable UTF-8 alternatives, headers encoded and folded, no line over 76", () => {
    const raw = composeAlternative(message);
    expect(raw).not.toBeNull();
    const text = raw ?? "";
    expect(text).toMatch(/^From: Payroute <no-reply@payroute\.test>\nTo: asa\.oberg@example\.se\nSubject: /);
    expect(text).toContain("Message-ID: <invitation-1@payroute.test>");
    expect(text).toContain("MIME-Version: 1.0");
    expect(bodies(text)).toEqual([message.text, message.html]);
    expect(text.split("\n").every((line) => line.length <= 76)).toBe(true);
    // The subject's encoded words, unfolded and decoded, are the subject.
    const subject = /\nSubject: ((?:.*\n )*.*)\n/.exec(text)?.[1].replace(/\n /g, " ") ?? "";
    const decoded = subject.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s?/g, (_, q: string) => unQp(q.replace(/_/g, " ")));
    expect(decoded.replace(/\s+/g, " ")).toBe(message.subject.replace(/\s+/g, " "));
  });

  it("leaves to nodemailer what it cannot write plainly: an address that needs IDN, or a list", () => {
    expect(composeAlternative({ ...message, to: "åsa@exämple.se" })).toBeNull();
    expect(composeAlternative({ ...message, to: "a@example.se, b@example.se" })).toBeNull();
  });

  it("reads back as nodemailer's own message does: the same headers and bodies", async () => {
    const built = await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
      .sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: `<${message.messageId}>` });
    const theirs = Buffer.isBuffer(built.message) ? built.message.toString("utf8") : "";
    const ours = composeAlternative(message) ?? "";
    expect(bodies(ours)).toEqual(bodies(theirs));
    const header = (raw: string, name: string) => new RegExp(`\\n?${name}: ((?:.*\\n )*.*)\\n`).exec(raw)?.[1].replace(/\n /g, " ");
    for (const name of ["From", "To", "Message-ID", "MIME-Version"]) expect(header(ours, name)).toBe(header(theirs, name));
  });

  it("is what the file mailer writes for an email without attachments", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-mime-"));
    const mailer = createMailer({ dataDir: dir, from: message.from, clock: { now: () => message.date } });
    await mailer.send({ key: "k1", to: message.to, subject: message.subject, text: message.text, html: message.html });
    const written = fs.readFileSync(path.join(dir, "mail", "k1.eml"), "utf8");
    expect(bodies(written)).toEqual([message.text, message.html]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
