/**
 * `npm run --silent cli -- <command>`: administration with the same DATA_DIR / DATABASE_URL as the server.
 *   keys create --env demo|live --account NAME [--allow-ip CIDR ...]   prints the new key alone on the last line
 *   keys list [--account NAME]
 *   keys revoke KEY_ID_OR_KEY
 *   users create --email EMAIL --password PASSWORD [--name NAME] (--account NAME | --operator)
 *   users reset-2fa --email EMAIL                        a person who lost their authenticator signs in with the password
 *   accounts list
 *   batch FILE                                            the commands of FILE (a JSON array of arguments per line) in one process
 *   db export FILE | db move --to postgresql://… | db backup FILE | db restore FILE   (the embedded database)
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { env } from "@/config/env";
import { databaseOptionsFromEnv, openDatabase, type Database } from "@/db/database";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { findOrCreateAccount, listAccounts } from "@/domain/accounts/account-service";
import { createApiKey, listApiKeys, parseCidr, revokeApiKey } from "@/domain/api-keys/api-key-service";
import { isEnvironment } from "@/domain/environments";
import { systemClock } from "@/domain/shared/clock";
import { batchCommands, UsageError } from "./batch-commands";
import { cliActor } from "./cli-actor";
import { createUserRecorded } from "@/domain/team/user-create";
import { resetTwoFactorByEmail } from "@/domain/team/two-factor-reset";
import { TargetNotEmptyError } from "@/db/db-transfer";
import { DbUsageError, runDbCommand } from "./db-commands";
import { DomainError } from "@/domain/errors";
import { encryptionKeys } from "@/config/encryption-keys";
import { rotateClaimDetails } from "@/domain/employees/claim-details-rotation";
import { createFieldCipher } from "@/domain/shared/field-encryption";

const USAGE = `Usage: npm run --silent cli -- <command>
  keys create --env demo|live --account NAME [--allow-ip CIDR ...]
  keys list [--account NAME]
  keys revoke KEY_ID_OR_KEY
  users create --email EMAIL --password PASSWORD [--name NAME] (--account NAME | --operator)
  users reset-2fa --email EMAIL       turn off the two-factor sign-in of someone who lost their authenticator
  accounts list
  batch FILE                          the commands of FILE, one per line as a JSON array of its arguments
                                      (["users","create","--email",…]), with one opening of the database; "-" reads stdin
  db export FILE                      plain SQL dump of the embedded database
  db move --to postgresql://…         copy the embedded database into an empty PostgreSQL database
  db backup FILE                      archive of the embedded data folder (.tar.gz)
  db restore FILE                     a backup into an empty DATA_DIR
  encryption rotate                   re-encrypt identity numbers and bank accounts with DATA_ENCRYPTION_KEY`;

function table(rows: Record<string, string>[]): string {
  if (rows.length === 0) return "(none)";
  const cols = Object.keys(rows[0]);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(cols), ...rows.map((r) => line(cols.map((c) => r[c])))].join("\n");
}

async function run(argv: string[], db: () => Promise<Database>): Promise<void> {
  const [group, command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      env: { type: "string" },
      account: { type: "string" },
      "allow-ip": { type: "string", multiple: true },
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      operator: { type: "boolean" },
      to: { type: "string" },
    },
  });

  if (group === "db") {
    const config = env();
    await runDbCommand({ command, positionals, to: values.to, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, out: (l) => console.log(l) });
    return;
  }

  if (group === "keys" && command === "create") {
    if (!isEnvironment(values.env)) throw new UsageError("--env must be demo or live");
    if (!values.account?.trim()) throw new UsageError("--account NAME is required");
    const allowIps = values["allow-ip"] ?? [];
    const bad = allowIps.filter((c) => !parseCidr(c));
    if (bad.length) throw new UsageError(`not an IP address or CIDR range: ${bad.join(", ")}`);
    const { prisma } = await db();
    const account = await findOrCreateAccount(prisma, values.account.trim());
    const key = await createApiKey(prisma, { accountPk: account.pk, environment: values.env, allowIps }, { actor: cliActor(), at: systemClock.now() });
    console.log(
      `${account.created ? "Created account" : "Account"} "${account.name}"; ${values.env} key ${key.pk} (${key.prefix}…)` +
        (allowIps.length ? `, allowed from ${allowIps.join(", ")}` : "") +
        ". The key is shown only now:",
    );
    console.log(key.key);
    return;
  }
  if (group === "keys" && command === "list") {
    const { prisma } = await db();
    const keys = await listApiKeys(prisma, values.account);
    console.log(
      table(
        keys.map((k) => ({
          id: k.pk,
          account: k.account.name,
          env: k.environment,
          prefix: `${k.prefix}…`,
          "allow-ip": k.allowIps.join(",") || "any",
          created: k.createdAt.toISOString(),
          revoked: k.revokedAt?.toISOString() ?? "",
        })),
      ),
    );
    return;
  }
  if (group === "keys" && command === "revoke") {
    const target = positionals[0];
    if (!target) throw new UsageError("keys revoke needs a key id (from keys list) or the key itself");
    const { prisma } = await db();
    if (!(await revokeApiKey({ db: prisma, clock: systemClock }, target, cliActor()))) throw new UsageError(`no active key matches ${target}`);
    console.log("Revoked.");
    return;
  }
  if (group === "users" && command === "create") {
    if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) throw new UsageError("--email EMAIL is required");
    if (!values.password || values.password.length < 10) throw new UsageError("--password must have at least 10 characters");
    if (Boolean(values.operator) === Boolean(values.account)) throw new UsageError("give either --account NAME or --operator");
    const { prisma } = await db();
    const account = values.account ? await findOrCreateAccount(prisma, values.account.trim()) : null;
    const user = await createUserRecorded(
      prisma,
      {
        email: values.email,
        password: values.password,
        name: values.name ?? values.email,
        accountPk: account?.pk ?? null,
        role: values.operator ? "operator" : "client",
        teamRole: "admin",
      },
      { actor: cliActor(), at: systemClock.now() },
    );
    console.log(`Created ${values.operator ? "operator" : `user of account "${account?.name}"`} ${values.email} (${user.id}).`);
    return;
  }
  if (group === "users" && command === "reset-2fa") {
    if (!values.email) throw new UsageError("--email EMAIL is required");
    const { prisma } = await db();
    if (!(await resetTwoFactorByEmail(prisma, values.email, { actor: cliActor(), at: systemClock.now() })))
      throw new UsageError(`no user has the email ${values.email}`);
    console.log(`Two-factor sign-in of ${values.email} is off: they sign in with their password and turn it on again.`);
    return;
  }
  if (group === "encryption" && command === "rotate") {
    // The old keys (DATA_ENCRYPTION_KEYS_OLD) read the rows; the current key writes them (docs/security.md, rotation).
    const keys = encryptionKeys(env(), { generate: false });
    const cipher = createFieldCipher(keys.current, keys.old);
    const { rewritten } = await rotateClaimDetails((await db()).prisma, cipher, { actor: cliActor(), at: systemClock.now() });
    console.log(`Re-encrypted ${rewritten} Employee claim details with key ${cipher.currentKeyId}.`);
    return;
  }
  if (group === "accounts" && command === "list") {
    const { prisma } = await db();
    console.log(table((await listAccounts(prisma)).map((a) => ({ id: a.pk, name: a.name, created: a.createdAt.toISOString() }))));
    return;
  }
  throw new UsageError(argv.length ? `unknown command: ${argv.join(" ")}` : "no command given");
}

async function main(): Promise<void> {
  let database: Database | undefined;
  const argv = process.argv.slice(2);
  const open = async () => (database ??= await openDatabase(databaseOptionsFromEnv(env(), `npm run cli -- ${argv.join(" ")}`)));
  try {
    if (argv[0] === "batch") {
      if (argv.length !== 2) throw new UsageError("batch needs one FILE (or - for stdin)");
      // Every command parsed before the first runs: a typo on the last line changes nothing.
      const commands = batchCommands(fs.readFileSync(argv[1] === "-" ? 0 : argv[1], "utf8"));
      for (const command of commands) await run(command, open);
    } else await run(argv, open);
  } finally {
    await database?.close();
  }
}

main().catch((e: unknown) => {
  if (e instanceof UsageError) console.error(`payroute: ${e.message}\n\n${USAGE}`);
  else if (e instanceof DbUsageError || e instanceof TargetNotEmptyError) console.error(`payroute: ${e.message}`);
  else if (e instanceof DataDirLockedError) console.error(`payroute: ${e.message}`);
  // A rule of the service refused it (e.g. reset-2fa of someone who has none): its message, not a stack.
  else if (e instanceof DomainError) console.error(`payroute: ${e.message}`);
  else if (e instanceof Error && "code" in e && e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") console.error(`payroute: ${e.message}\n\n${USAGE}`);
  else console.error(e);
  process.exit(2);
});
