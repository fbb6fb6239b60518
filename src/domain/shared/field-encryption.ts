/**
 * Encryption at rest of single fields (identity numbers, bank accounts): AES-256-GCM from node:crypto. A stored
 * value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); the key id (the first 8 hex digits of the
 * key's SHA-256) names the key that wrote it, so rows written before a rotation are read with an old key
 * (DATA_ENCRYPTION_KEYS_OLD) while every new write uses the current one (DATA_ENCRYPTION_KEY).
 */
import crypto from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
export const KEY_BYTES = 32;

export interface FieldCipher {
  /** The id of the key every new value is written with. */
  readonly currentKeyId: string;
  encrypt(plaintext: string): string;
  /** Throws when the value's key is not configured or the value was altered (GCM's tag). */
  decrypt(stored: string): string;
  /** The id of the key `stored` was written with. */
  keyIdOf(stored: string): string;
}

export function keyId(key: Buffer): string {
  return crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);
}

export function createFieldCipher(current: Buffer, old: readonly Buffer[] = []): FieldCipher {
  for (const key of [current, ...old]) {
    if (key.length !== KEY_BYTES) throw new Error(`An encryption key must be ${KEY_BYTES} bytes, not ${key.length}`);
  }
  const currentKeyId = keyId(current);
  const keys = new Map<string, Buffer>([...old.map((k) => [keyId(k), k] as const), [currentKeyId, current]]);
  const parts = (stored: string) => {
    const [version, id, iv, tag, data, ...rest] = stored.split(".");
    if (version !== VERSION || !id || iv === undefined || tag === undefined || data === undefined || rest.length) {
      throw new Error("Not an encrypted field value");
    }
    return { id, iv: Buffer.from(iv, "base64url"), tag: Buffer.from(tag, "base64url"), data: Buffer.from(data, "base64url") };
  };
  return {
    currentKeyId,
    encrypt(plaintext) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", current, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, currentKeyId, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
    },
    decrypt(stored) {
      const { id, iv, tag, data } = parts(stored);
      const key = keys.get(id);
      if (!key) throw new Error(`No encryption key with id ${id} is configured (DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEYS_OLD)`);
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    },
    keyIdOf: (stored) => parts(stored).id,
  };
}
