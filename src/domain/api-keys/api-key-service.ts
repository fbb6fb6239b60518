/**
 * API keys: shown once, stored as SHA-256. A key reads `pr_<env>_<32 base62 chars>` so that people can
 * tell live from demo keys at a glance (and secret scanners can find leaked ones).
 */
import crypto from "node:crypto";
import type { Timed } from "@/domain/shared/service-context";
import type { Clock } from "@/domain/shared/clock";
import net from "node:net";
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { at, qb, runQuery, typed } from "@/db/query-builder";
import { isEnvironment, type Environment } from "@/domain/environments";
import { recordAudit, type AuditActor, type AuditBy } from "@/domain/audit/audit-record";
import type { Prisma } from "@/generated/prisma/client";

const KEY_PATTERN = /^pr_(live|demo)_[0-9A-Za-z]{32}$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]; // 248 = 4*62: no modulo bias
    }
  }
  return out;
}

export function hashKey(key: string): string {
  return crypto.hash("sha256", key, "hex");
}

/** Validates a CIDR ("10.0.0.0/8", "2001:db8::/32") or a single address; returns it normalised or null. */
export function parseCidr(value: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address, prefixText, extra] = value.trim().split("/");
  if (extra !== undefined) return null;
  const version = net.isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
    return null;
  }
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

export function ipAllowed(ip: string, allowList: string[]): boolean {
  if (allowList.length === 0) return true;
  const list = new net.BlockList();
  for (const entry of allowList) {
    const cidr = parseCidr(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  const mapped = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = net.isIPv4(mapped) ? "ipv4" : net.isIPv6(mapped) ? "ipv6" : null;
  return family !== null && list.check(mapped, family);
}

/** Makes a key (shown to its maker only now) and records who made it, in one transaction. */
export async function createApiKey(
  db: Db,
  input: { accountPk: string; environment: Environment; allowIps: string[] },
  by: AuditBy,
): Promise<{ key: string; pk: string; prefix: string }> {
  const key = `pr_${input.environment}_${randomBase62(32)}`;
  const prefix = key.slice(0, 12);
  return db.$transaction(async (tx) => {
    const row = await tx.apiKey.create({
      data: { accountPk: input.accountPk, environment: input.environment, prefix, hash: hashKey(key), allowIps: input.allowIps },
      select: { pk: true },
    });
    await recordAudit(tx, {
      at: by.at,
      accountPk: input.accountPk,
      environment: input.environment,
      actor: by.actor,
      action: "api_key.created",
      target: { type: "api_key", id: row.pk, label: prefix },
      after: { prefix, environment: input.environment, allow_ips: input.allowIps },
    });
    return { key, pk: row.pk, prefix };
  });
}

/** Revokes the key `where` finds (not yet revoked) and records it; false when there is none. */
async function revokeWhere(db: Db, where: Prisma.ApiKeyWhereInput, by: AuditBy): Promise<boolean> {
  const revoked = await db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { ...where, revokedAt: null }, select: { pk: true, prefix: true, accountPk: true, environment: true } });
    if (!key) return false;
    const { count } = await tx.apiKey.updateMany({ where: { pk: key.pk, revokedAt: null }, data: { revokedAt: by.at } });
    if (count === 0) return false;
    await recordAudit(tx, {
      at: by.at,
      accountPk: key.accountPk,
      environment: key.environment,
      actor: by.actor,
      action: "api_key.revoked",
      target: { type: "api_key", id: key.pk, label: key.prefix },
      before: { revoked_at: null },
      after: { revoked_at: by.at.toISOString() },
    });
    return true;
  });
  keyCache.clear(); // at once on this instance
  return revoked;
}

export interface VerifiedKey {
  pk: string;
  accountPk: string;
  environment: Environment;
  allowIps: string[];
}

/**
 * Verified keys are remembered for a few seconds: every API request needs its key, and most come in bursts.
 * A revocation therefore takes effect within KEY_CACHE_MS on every instance (at once on the revoking one).
 */
export const KEY_CACHE_MS = 5_000;
// Elapsed time (performance.now()), not the clock's: a revocation takes effect within KEY_CACHE_MS whatever time the domain is told it is.
const keyCache = new Map<string, { key: VerifiedKey; until: number }>();

/** The key's owner and rules, or null for an unknown, malformed or revoked key. */
export async function verifyApiKey(db: Db, key: string): Promise<VerifiedKey | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const cached = keyCache.get(hash);
  if (cached && cached.until > performance.now()) return cached.key;
  const [row] = await runQuery(
    fastSql(db),
    qb
      .selectFrom("api_key")
      .select((eb) => [
        "pk",
        "account_pk",
        eb.cast<string>("environment", "text").as("environment"),
        eb.ref("allow_ips").$castTo<string[] | null>().as("allow_ips"),
      ])
      .where("hash", "=", hash)
      .where("revoked_at", "is", null),
  );
  if (!row || !isEnvironment(row.environment)) {
    keyCache.delete(hash);
    return null;
  }
  const verified: VerifiedKey = { pk: row.pk, accountPk: row.account_pk, environment: row.environment, allowIps: row.allow_ips ?? [] };
  if (keyCache.size > 10_000) keyCache.clear();
  keyCache.set(hash, { key: verified, until: performance.now() + KEY_CACHE_MS });
  return verified;
}

export async function listApiKeys(db: Db, accountName?: string) {
  return db.apiKey.findMany({
    where: accountName ? { account: { name: accountName } } : {},
    orderBy: { createdAt: "asc" },
    select: {
      pk: true,
      prefix: true,
      environment: true,
      allowIps: true,
      createdAt: true,
      revokedAt: true,
      account: { select: { name: true } },
    },
  });
}

/** Revokes by key id or by the full key (the CLI); returns whether a key was revoked now. */
export async function revokeApiKey({ db, clock }: Timed, idOrKey: string, actor: AuditActor): Promise<boolean> {
  const where = KEY_PATTERN.test(idOrKey) ? { hash: hashKey(idOrKey) } : /^[0-9a-f-]{36}$/i.test(idOrKey) ? { pk: idOrKey } : null;
  if (!where) return false;
  return revokeWhere(db, where, { actor, at: clock.now() });
}

/** The account's keys, newest first, for the dashboard (never the key itself: only its prefix). */
const accountKeySelect = { pk: true, prefix: true, environment: true, allowIps: true, createdAt: true, revokedAt: true, lastUsedAt: true } as const;

export async function listAccountApiKeys(db: Db, accountPk: string) {
  return db.apiKey.findMany({ where: { accountPk }, orderBy: [{ createdAt: "desc" }, { pk: "desc" }], select: accountKeySelect });
}

export async function findAccountApiKey(db: Db, accountPk: string, pk: string) {
  return db.apiKey.findFirst({ where: { accountPk, pk }, select: accountKeySelect });
}

/** Revokes one of the account's keys; false when it is not the account's or was already revoked. */
export async function revokeAccountApiKey({ db, clock }: Timed, accountPk: string, pk: string, actor: AuditActor): Promise<boolean> {
  return revokeWhere(db, { pk, accountPk }, { actor, at: clock.now() });
}

/** How often a key's last use is written: the list shows "last used", not an access log. */
export const LAST_USE_INTERVAL_MS = 60_000;
const lastTouched = new Map<string, number>();

/**
 * Records that a key was used, at most once a minute per key and instance; the caller does not wait for it
 * (a failed write only leaves "last used" a little older). The SQL's own condition keeps several instances
 * to about one write a minute too.
 */
export function touchApiKey(db: Db, pk: string, clock: Clock, onError: (e: unknown) => void): void {
  const now = clock.now();
  if ((lastTouched.get(pk) ?? 0) > now.getTime() - LAST_USE_INTERVAL_MS) return;
  if (lastTouched.size > 10_000) lastTouched.clear();
  lastTouched.set(pk, now.getTime());
  runQuery(
    fastSql(db),
    qb
      .updateTable("api_key")
      .set({ last_used_at: at(now) })
      .where("pk", "=", typed(pk, "uuid"))
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", at(new Date(now.getTime() - LAST_USE_INTERVAL_MS)))])),
  ).catch(onError);
}
