/** Times the database computes (its clock, not this process's: instances' clocks may differ). */
import { sql, type RawBuilder } from "kysely";

/** The transaction's time. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;

/** The transaction's time plus `seconds`. */
export const secondsFromNow = (seconds: number): RawBuilder<Date> => sql<Date>`now() + make_interval(secs => ${seconds}::int)`;
