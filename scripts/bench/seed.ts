/** Seeds the benchmark data through the domain services (not raw SQL): one account, key and Integration, N Employees. */
import { SYSTEM_ACTOR } from "../../src/domain/audit/audit-record";
import { openDatabase, type DatabaseOptions } from "../../src/db/database";
import { findOrCreateAccount } from "../../src/domain/accounts/account-service";
import { createApiKey } from "../../src/domain/api-keys/api-key-service";
import { createEmployee } from "../../src/domain/employees/employee-create";
import { systemClock } from "../../src/domain/shared/clock";

export const FIRST = ["Anna", "Erik", "Maja", "Lars", "Sara", "Johan", "Elin", "Karl", "Ida", "Nils", "Emma", "Oskar", "Linnea", "Axel", "Wilma"];
export const LAST = [
  "Lindberg",
  "Andersson",
  "Berg",
  "Johansson",
  "Holmberg",
  "Karlsson",
  "Nilsson",
  "Ek",
  "Bergström",
  "Nord",
  "Svensson",
  "Lund",
  "Sandberg",
  "Gustafsson",
  "Olsson",
  "Persson",
  "Strand",
  "Hansson",
  "Falk",
  "Wikström",
];

export interface Seeded {
  key: string;
  /** More keys of the same account, taken in turn by each request when present. */
  keys?: string[];
  integrationId: string;
  employeeIds: string[];
  /** Payruns the Payout list is filtered by (the scale bench's data). */
  payrunIds?: string[];
  /** An instant for the filter case (`created_at_after`; the scale bench's data). */
  filterAfter?: string;
  /** The Employees' history (the scale bench's data): the varied filter's instants are drawn from it (ms since the epoch). */
  history?: { from: number; to: number };
}

/** `account`: the tenant's name (another name, another account: the fairness case seeds two). */
export async function seed(options: DatabaseOptions, count: number, log: (s: string) => void, accountName = "Bench AB"): Promise<Seeded> {
  const db = await openDatabase(options);
  try {
    const account = await findOrCreateAccount(db.prisma, accountName);
    const { key } = await createApiKey(db.prisma, { accountPk: account.pk, environment: "demo", allowIps: [] }, { actor: SYSTEM_ACTOR, at: new Date() });
    const integration = await db.prisma.integration.findFirstOrThrow({ where: { accountPk: account.pk, environment: "demo", type: 1 } });
    const scope = { accountPk: account.pk, environment: "demo" as const, integrationPk: integration.pk, integrationId: integration.id };
    const ctx = { db: db.prisma, scope, clock: systemClock, baseUrl: "http://bench.invalid" };
    const ids: string[] = [];
    const started = Date.now();
    const concurrency = options.driver === "pg" ? 8 : 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const first = FIRST[i % FIRST.length];
          const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
          const id = `emp-${i}`;
          await createEmployee(ctx, {
            id,
            name: `${first} ${last}`,
            email: `${first}.${last}.${i}@example.se`.toLowerCase(),
            country: "SWE",
            cellphone_number: `+4670${String(1000000 + i).slice(-7)}`,
          });
          ids.push(id);
          if (ids.length % 2000 === 0) log(`  seeded ${ids.length}/${count}`);
        }
      }),
    );
    log(`  seeded ${count} Employees in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // A live database has autovacuum; right after a bulk load the planner's statistics are stale (it expects
    // dozens of rows and finds thousands) and the visibility map is empty. Measure the steady state.
    await db.prisma.$executeRawUnsafe("VACUUM ANALYZE");
    return { key, integrationId: integration.id, employeeIds: ids };
  } finally {
    await db.close();
  }
}
