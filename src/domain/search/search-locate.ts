/**
 * Where an object of the caller's account is, when a detail page does not find it in the current environment and
 * Integration (a link shared by a colleague in the other one): every environment and Integration of the account
 * that holds one with this id. Only the caller's account is searched, so an id of another account answers exactly
 * as one that exists nowhere.
 */
import type { Db } from "@/db/database";
import { ENVIRONMENTS, type Environment } from "@/domain/environments";
import type { AccountScope } from "@/domain/scope";
import type { ScopedDb } from "@/domain/shared/service-context";
import type { TLocatable, TLocation, TPlace } from "./search-schemas";

/** More places than a page offers switches to: ids are unique per Integration, so one id can be in many. */
const MAX_PLACES = 10;

interface Found {
  environment: Environment;
  integration: { id: string; name: string } | null;
}

const integrationOf = { select: { integration: { select: { id: true, name: true, environment: true } } }, take: MAX_PLACES } as const;
const placeOf = ({ integration: { environment, ...integration } }: { integration: { id: string; name: string; environment: Environment } }): Found => ({
  environment,
  integration,
});

type Finder = (db: Db, accountPk: string, id: string) => Promise<Found[]>;

/** One finder per kind; each filters by the account in its query. */
const FINDERS: Record<TLocatable, Finder> = {
  employee: (db, accountPk, id) => db.employee.findMany({ where: { id, integration: { accountPk } }, ...integrationOf }).then((r) => r.map(placeOf)),
  payout: (db, accountPk, id) => db.payout.findMany({ where: { id, integration: { accountPk } }, ...integrationOf }).then((r) => r.map(placeOf)),
  payrun: (db, accountPk, id) => db.payrun.findMany({ where: { id, integration: { accountPk } }, ...integrationOf }).then((r) => r.map(placeOf)),
  invoice: (db, accountPk, id) => db.invoice.findMany({ where: { id, integration: { accountPk } }, ...integrationOf }).then((r) => r.map(placeOf)),
  prepayment: (db, accountPk, id) => db.prepayment.findMany({ where: { id, integration: { accountPk } }, ...integrationOf }).then((r) => r.map(placeOf)),
  registration: (db, accountPk, id) =>
    db.registration
      .findMany({ where: { id, accountPk }, select: { environment: true }, take: MAX_PLACES })
      .then((r) => r.map(({ environment }) => ({ environment, integration: null }))),
  integration: (db, accountPk, id) =>
    db.integration
      .findMany({ where: { id, accountPk }, select: { environment: true }, take: MAX_PLACES })
      .then((r) => r.map(({ environment }) => ({ environment, integration: null }))),
  webhook: findWebhook,
};

/** A subscription names its Integration by pk (no relation), or none: the account's own, seen from every Integration. */
async function findWebhook(db: Db, accountPk: string, id: string): Promise<Found[]> {
  const rows = await db.webhookSubscription.findMany({ where: { id, accountPk }, select: { environment: true, integrationPk: true }, take: MAX_PLACES });
  const pks = rows.flatMap((r) => (r.integrationPk ? [r.integrationPk] : []));
  const integrations =
    pks.length === 0 ? [] : await db.integration.findMany({ where: { pk: { in: pks }, accountPk }, select: { pk: true, id: true, name: true } });
  const byPk = new Map(integrations.map(({ pk, ...integration }) => [pk, integration]));
  return rows.flatMap(({ environment, integrationPk }): Found[] => {
    if (!integrationPk) return [{ environment, integration: null }];
    const integration = byPk.get(integrationPk);
    return integration ? [{ environment, integration }] : [];
  });
}

/** Live before demo, then by the Integration's name, so that the page offers them in a steady order. */
function ordered(places: Found[]): TPlace[] {
  const rank = (p: Found) => ENVIRONMENTS.indexOf(p.environment);
  return places.sort((a, b) => rank(a) - rank(b) || (a.integration?.name ?? "").localeCompare(b.integration?.name ?? ""));
}

export async function locateObject({ db, scope }: ScopedDb<AccountScope>, kind: TLocatable, id: string): Promise<TLocation> {
  return { places: ordered(await FINDERS[kind](db, scope.accountPk, id)) };
}
