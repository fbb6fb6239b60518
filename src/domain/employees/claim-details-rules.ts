/**
 * What makes the claim form's details valid, with maintained libraries rather than our own tables: the
 * identity number with `personnummer` (date and check digit; a samordningsnummer is the day plus 60), the bank
 * account with `kontonummer` (the clearing number's bank, its account length and check digit), and the age
 * from the number's date on the clock's day. Field errors are in the request's language (`t`).
 */
import Kontonummer from "kontonummer";
import Personnummer from "personnummer";
import { z } from "zod";
import { DomainError, type FieldErrors } from "@/domain/errors";
import { t } from "@/i18n/locale";

export const MINIMUM_AGE = 16;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The claim form's fields, as the employee app sends them (and the demo test helper may). */
export const ZClaimDetails = z.object({
  name: text(200),
  street: text(200),
  postal_code: text(10),
  city: text(100),
  identity_number: text(20),
  clearing_number: text(10),
  account_number: text(30),
});
export type TClaimDetails = z.infer<typeof ZClaimDetails>;

/** The bank account alone (changing it later). */
export const ZBankAccount = ZClaimDetails.pick({ clearing_number: true, account_number: true });
export type TBankAccount = z.infer<typeof ZBankAccount>;

export interface CheckedIdentity {
  /** "YYYYMMDD-NNNN". */
  number: string;
  birthDate: string;
  coordination: boolean;
  age: number;
}

export interface CheckedBankAccount {
  clearing: string;
  account: string;
  bankName: string;
}

const OPTIONS = { allowCoordinationNumber: true, allowInterimNumber: false };

/** Whole years from `birth` ("YYYY-MM-DD") to `now`'s day (UTC). */
export function ageOn(birth: string, now: Date): number {
  const [y, m, d] = birth.split("-").map(Number);
  const years = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

/** The identity number, normalised to 12 digits, or null when it is no valid personnummer or samordningsnummer. */
export function parseIdentityNumber(value: string, now: Date): CheckedIdentity | null {
  if (!/^[\d\s+-]{10,15}$/.test(value.trim())) return null;
  let pin: Personnummer;
  try {
    pin = Personnummer.parse(value.trim(), OPTIONS);
  } catch {
    return null;
  }
  const coordination = pin.isCoordinationNumber();
  const day = Number(pin.day) - (coordination ? 60 : 0);
  const birthDate = `${pin.fullYear}-${pin.month}-${String(day).padStart(2, "0")}`;
  return { number: pin.format(true).replace(/^(\d{8})(\d{4})$/, "$1-$2"), birthDate, coordination, age: ageOn(birthDate, now) };
}

/** The bank account, or the field error that says what is wrong with it. */
export function checkBankAccount(input: TBankAccount): { ok: CheckedBankAccount } | { errors: FieldErrors } {
  const clearing = input.clearing_number.replace(/[\s-]/g, "");
  const account = input.account_number.replace(/[\s-]/g, "");
  const clearingOk = /^\d{4}$/.test(clearing) || /^8\d{4}$/.test(clearing);
  let bank: ReturnType<typeof Kontonummer.getSortingCodeInfo> | null = null;
  try {
    if (clearingOk) bank = Kontonummer.getSortingCodeInfo(clearing.slice(0, 4));
  } catch {
    bank = null;
  }
  if (!bank) return { errors: { clearing_number: [t("clearing_number_invalid")] } };
  const [min, max] = bank.type === 1 ? [7, 7] : [bank.accountMinLength ?? 2, bank.accountMaxLength ?? 7];
  if (!/^\d+$/.test(account) || account.length < min || account.length > max) {
    const message =
      min === max
        ? t("account_number_length_exact", { bank: bank.bankName, digits: min, count: account.length })
        : t("account_number_length_range", { bank: bank.bankName, min, max, count: account.length });
    return { errors: { account_number: [message] } };
  }
  try {
    // "lax": the library reports a check digit that does not match as `valid: false` instead of throwing.
    const parsed = new Kontonummer(clearing, account, { mode: "lax" });
    if (parsed.valid) return { ok: { clearing: parsed.sortingCode, account: parsed.accountNumber, bankName: parsed.bankName } };
  } catch {
    // A 5-digit clearing number whose own check digit is wrong lands here.
    return { errors: { clearing_number: [t("clearing_number_invalid")] } };
  }
  return { errors: { account_number: [t("account_number_invalid", { bank: bank.bankName })] } };
}

export interface CheckedClaimDetails {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  identity: CheckedIdentity;
  bank: CheckedBankAccount;
}

/** The whole form checked at once, so that every wrong field is named in one answer. */
export function checkClaimDetails(input: TClaimDetails, now: Date): CheckedClaimDetails {
  const errors: FieldErrors = {};
  const identity = parseIdentityNumber(input.identity_number, now);
  if (!identity) errors.identity_number = [t("identity_number_invalid")];
  else if (identity.age < MINIMUM_AGE) errors.identity_number = [t("identity_number_too_young")];
  const postal = input.postal_code.replace(/\s/g, "");
  if (!/^[1-9]\d{4}$/.test(postal)) errors.postal_code = [t("postal_code_invalid")];
  const bank = checkBankAccount(input);
  if ("errors" in bank) Object.assign(errors, bank.errors);
  if (Object.keys(errors).length || !identity || "errors" in bank) throw new DomainError("validation", errors);
  return {
    name: input.name,
    street: input.street,
    postalCode: `${postal.slice(0, 3)} ${postal.slice(3)}`,
    city: input.city,
    identity,
    bank: bank.ok,
  };
}

/** What the dashboard may show of an identity number: the date, never the last four digits. */
export function maskIdentityNumber(number: string): string {
  return `${number.slice(0, 8)}-****`;
}

/** What the dashboard may show of a bank account: its last four digits. */
export function maskBankAccount(account: string): string {
  return `****${account.slice(-4)}`;
}
