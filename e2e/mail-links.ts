import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";
import { decodeQuotedPrintable } from "./support";

const MAIL_DIR = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}/mail/` : fileURLToPath(new URL("../data/e2e/mail/", import.meta.url));

/** The links matching `pattern` in the emails to `email` (the e2e server writes them to $DATA_DIR/mail), oldest first. */
function links(email: string, pattern: RegExp): string[] {
  if (!existsSync(MAIL_DIR)) return [];
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => join(MAIL_DIR, f))
    .map((file) => ({ mtime: statSync(file).mtimeMs, text: decodeQuotedPrintable(readFileSync(file, "utf8")) }))
    .filter((m) => m.text.includes(`To: ${email}`))
    .sort((a, b) => a.mtime - b.mtime)
    .map((m) => pattern.exec(m.text)?.[0])
    .filter((link): link is string => link !== undefined);
}

/** How many emails to `email` carry a link matching `pattern` so far. */
export function mailLinkCount(email: string, pattern: RegExp): number {
  return links(email, pattern).length;
}

/** Waits for email number `count` to `email` with a link matching `pattern` (the outbox sends within about a second). */
export async function mailLink(email: string, pattern: RegExp, count = 1): Promise<string> {
  await expect.poll(() => links(email, pattern).length, { message: `email to ${email}`, timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return links(email, pattern)[count - 1];
}

export const TEAM_INVITATION_LINK = /https?:\/\/[^\s"'<>]+\/invitation#token=[A-Za-z0-9_-]{43}/;
export const PASSWORD_RESET_LINK = /https?:\/\/[^\s"'<>]+\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=[^\s"'<>]+/;
export const SIGN_IN_LINK = /https?:\/\/[^\s"'<>]+\/e\/claim#token=[A-Za-z0-9_-]{43}/;
