/** The account's settings (its Invoices' language): everyone of the account reads them, admins change them. */
import type { AccountScope } from "@/domain/scope";
import type { ScopedDb } from "@/domain/shared/service-context";
import { orNotFound } from "@/domain/errors";
import { isLocale } from "@/i18n/catalogue/locales";
import type { TAccountSettings, TUpdateAccountSettings } from "./account-schemas";

const toSettings = (row: { language: string }): TAccountSettings => ({ language: isLocale(row.language) ? row.language : "en" });

export async function accountSettings({ db, scope }: ScopedDb<AccountScope>): Promise<TAccountSettings> {
  return toSettings(await orNotFound(db.account.findUnique({ where: { pk: scope.accountPk }, select: { language: true } })));
}

export async function updateAccountSettings({ db, scope }: ScopedDb<AccountScope>, input: TUpdateAccountSettings): Promise<TAccountSettings> {
  return toSettings(await db.account.update({ where: { pk: scope.accountPk }, data: { language: input.language }, select: { language: true } }));
}
