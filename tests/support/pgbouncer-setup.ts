/** The http project's global setup: with TEST_DB=pgbouncer, one PgBouncer for every test file (PG_POOLER_URL). */
import { startPgBouncer } from "./pgbouncer";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DB !== "pgbouncer") return undefined;
  const bouncer = await startPgBouncer();
  process.env.PG_POOLER_URL = bouncer.url;
  return () => bouncer.stop();
}
