/**
 * The common email, text with its HTML alternative and no attachment, composed in one pass with nodemailer's
 * own encoders (RFC 2047 words, quoted-printable, folding), into the same shape nodemailer's MailComposer
 * writes. The composer builds a stream per MIME part, which cost the invitation worker more CPU than
 * everything else it does per email together (docs/performance.md); attachments still go through it.
 */
import crypto from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { encodeWords, foldLines, quoteString } from "nodemailer/lib/mime-funcs";
import { encode, wrap } from "nodemailer/lib/qp";

export interface AlternativeMessage {
  from: string;
  to: string;
  subject: string;
  /** The Message-ID, without angle brackets. */
  messageId: string;
  text: string;
  html: string;
  /** The Date header: when it is sent, by the mailer's clock. */
  date: Date;
}

// Printable ASCII: what may stand in a header unencoded.
const ASCII = /^[\x20-\x7e]*$/;
const ATOM_PHRASE = /^[\w !#$%&'*+\-/=?^`{|}~]*$/;

/** An address header's value: `Name <address>` with the name quoted or encoded as needed; null when it cannot be written plainly. */
function addressHeader(value: string): string | null {
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1 || !ASCII.test(parsed[0].address)) return null; // a group, a list, or an address that needs IDN: leave it to nodemailer
  const { name, address } = parsed[0];
  if (!name) return address;
  const phrase = !ASCII.test(name) ? encodeWords(name, "Q", 52) : ATOM_PHRASE.test(name) ? name : quoteString(name);
  return `${phrase} <${address}>`;
}

function part(contentType: string, body: string): string {
  return `Content-Type: ${contentType}; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${wrap(encode(body), 76).replace(/\r\n/g, "\n")}`;
}

/** The message as the file or SMTP server receives it (LF line ends; SMTP sends CRLF), or null when nodemailer must compose it. */
export function composeAlternative(m: AlternativeMessage): string | null {
  const from = addressHeader(m.from);
  const to = addressHeader(m.to);
  if (!from || !to || !ASCII.test(m.messageId)) return null;
  const boundary = `--_NmP-${crypto.randomBytes(8).toString("hex")}-Part_1`;
  const headers = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${ASCII.test(m.subject) ? m.subject : encodeWords(m.subject, "Q", 52, true)}`,
    `Message-ID: <${m.messageId}>`,
    `Date: ${m.date.toUTCString().replace(/GMT/, "+0000")}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ].map((h) => foldLines(h, 76).replace(/\r\n/g, "\n"));
  return `${headers.join("\n")}\n\n--${boundary}\n${part("text/plain", m.text)}\n--${boundary}\n${part("text/html", m.html)}\n--${boundary}--\n`;
}
