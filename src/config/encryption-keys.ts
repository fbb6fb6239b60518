/**
 * Where the key for encryption at rest comes from (DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEYS_OLD): the
 * environment; or, on the embedded database only, a key `npm start` generated on first start and keeps in
 * $DATA_DIR/encryption-key (mode 600), so that a laptop works without setup. With DATABASE_URL (production)
 * there is no such file: a missing key refuses the start, since rows written with a key nobody keeps are lost.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TEnv } from "./env";

export const KEY_FILE = "encryption-key";

export interface EncryptionKeys {
  current: Buffer;
  old: Buffer[];
  /** The file the current key was read from or generated into (embedded database without DATA_ENCRYPTION_KEY). */
  keyFile: string | null;
  /** Whether this start generated it. */
  generated: boolean;
}

type KeyEnv = Pick<TEnv, "DATA_ENCRYPTION_KEY" | "DATA_ENCRYPTION_KEYS_OLD" | "DATABASE_URL" | "DATA_DIR">;

function decodeKey(base64: string, name: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new Error(`Invalid configuration:\n  ${name}: must be 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
}

/**
 * The keys of this process. `generate`: may create $DATA_DIR/encryption-key when there is no key (`npm start`);
 * other commands (the worker, the CLI) only read that file, so that one data folder has one key.
 */
export function encryptionKeys(e: KeyEnv, { generate }: { generate: boolean }): EncryptionKeys {
  const old = e.DATA_ENCRYPTION_KEYS_OLD.map((k) => decodeKey(k, "DATA_ENCRYPTION_KEYS_OLD"));
  if (e.DATA_ENCRYPTION_KEY) return { current: decodeKey(e.DATA_ENCRYPTION_KEY, "DATA_ENCRYPTION_KEY"), old, keyFile: null, generated: false };
  if (e.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  DATA_ENCRYPTION_KEY: required with DATABASE_URL (32 bytes in base64: openssl rand -base64 32); " +
        "identity numbers and bank accounts are encrypted with it, so keep it safe and the same on every instance",
    );
  }
  const keyFile = path.resolve(e.DATA_DIR, KEY_FILE);
  if (fs.existsSync(keyFile)) return { current: decodeKey(fs.readFileSync(keyFile, "utf8"), keyFile), old, keyFile, generated: false };
  if (!generate) throw new Error(`Invalid configuration:\n  DATA_ENCRYPTION_KEY: not set, and ${keyFile} does not exist yet (npm start creates it)`);
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  const key = crypto.randomBytes(32);
  // "wx": never overwrite a key another process wrote meanwhile (rows encrypted with it would be lost).
  fs.writeFileSync(keyFile, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return { current: key, old, keyFile, generated: true };
}
