/**
 * The claim form's details at rest: the identity number and the bank account encrypted (FieldCipher), their
 * masks and the address in the clear. Reads for the dashboard return masks only; the plaintext leaves this
 * module through `openClaimDetails` (the reviewers' checks and Reveal) and nothing else.
 */
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/db/database";
import type { FieldCipher } from "@/domain/shared/field-encryption";
import { timestamp } from "@/domain/shared/schemas";
import { maskBankAccount, maskIdentityNumber, type CheckedBankAccount, type CheckedClaimDetails } from "./claim-details-rules";

type Tx = Prisma.TransactionClient;

/** The bank account's plaintext, as encrypted in `bank_account`. */
const ZStoredBank = z.object({ clearing: z.string(), account: z.string() });

function bankColumns(cipher: FieldCipher, bank: CheckedBankAccount) {
  return {
    bankAccount: cipher.encrypt(JSON.stringify({ clearing: bank.clearing, account: bank.account })),
    bankAccountMasked: maskBankAccount(bank.account),
    bankName: bank.bankName,
  };
}

/** Writes (or replaces, on a re-submission after a rejection) the Employee's details. */
export async function saveClaimDetails(tx: Tx, cipher: FieldCipher, employeePk: string, details: CheckedClaimDetails, now: Date): Promise<void> {
  const data = {
    confirmedName: details.name,
    street: details.street,
    postalCode: details.postalCode,
    city: details.city,
    identityNumber: cipher.encrypt(details.identity.number),
    identityMasked: maskIdentityNumber(details.identity.number),
    ...bankColumns(cipher, details.bank),
    submittedAt: now,
  };
  await tx.employeeClaimDetails.upsert({ where: { employeePk }, create: { employeePk, ...data }, update: { ...data, bankChangedAt: null } });
}

export async function saveBankAccount(tx: Tx, cipher: FieldCipher, employeePk: string, bank: CheckedBankAccount, now: Date): Promise<number> {
  const { count } = await tx.employeeClaimDetails.updateMany({ where: { employeePk }, data: { ...bankColumns(cipher, bank), bankChangedAt: now } });
  return count;
}

const maskedSelect = {
  confirmedName: true,
  street: true,
  postalCode: true,
  city: true,
  identityMasked: true,
  bankAccountMasked: true,
  bankName: true,
  submittedAt: true,
  bankChangedAt: true,
} satisfies Prisma.EmployeeClaimDetailsSelect;

/** The details as the dashboard and the employee app show them: masked. */
export async function maskedClaimDetails(db: Db | Tx, employeePk: string) {
  const row = await db.employeeClaimDetails.findUnique({ where: { employeePk }, select: maskedSelect });
  if (!row) return null;
  return {
    name: row.confirmedName,
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
    identity_number: row.identityMasked,
    bank_account: row.bankAccountMasked,
    bank_name: row.bankName,
    submitted_at: timestamp(row.submittedAt),
    bank_changed_at: timestamp(row.bankChangedAt),
  };
}

/** The plaintext: for the reviewers' automatic checks and Reveal only. */
export async function openClaimDetails(db: Db | Tx, cipher: FieldCipher, employeePk: string) {
  const row = await db.employeeClaimDetails.findUnique({ where: { employeePk }, select: { identityNumber: true, bankAccount: true } });
  if (!row) return null;
  const bank = ZStoredBank.parse(JSON.parse(cipher.decrypt(row.bankAccount)));
  return { identityNumber: cipher.decrypt(row.identityNumber), clearing: bank.clearing, account: bank.account };
}
