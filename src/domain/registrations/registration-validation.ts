/**
 * The country-dependent checks of a Registration (see country-rules.ts for the rules and their sources).
 * They run on the whole Registration as it would be stored, so that a PATCH of one field is checked
 * against the others (a new country re-checks tin, vat, state and phone), and the review team's detail
 * view re-runs them on the stored values.
 */
import type { Validator } from "stdnum";
import { z } from "zod";
import { DomainError, type FieldErrors } from "@/domain/errors";
import { normalisePhone, ZEmail } from "@/domain/shared/contact-fields";
import { currentLocale, t } from "@/i18n/locale";
import {
  countryName,
  countryOf,
  findSubdivision,
  isRefusedCountry,
  schemeNames,
  stateRequired,
  tinValidators,
  vatRequired,
  vatValidators,
  type Country,
} from "./country-rules";

export const CHECKED_FIELDS = ["country", "state", "tin_number", "vat_number", "email", "phone_number"] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export interface RegistrationDraft {
  country: string;
  state: string | null;
  tin_number: string;
  vat_number: string | null;
  email: string;
  phone_number: string;
}

export const ZFieldCheck = z.object({
  field: z.enum(CHECKED_FIELDS),
  valid: z.boolean(),
  /** False when no rule exists for the value (e.g. no validator for the country): a reviewer checks it by hand. */
  checked: z.boolean(),
  /** Why it was refused, or what it was checked against (e.g. "CVR"). */
  message: z.string().nullable(),
});
export type TFieldCheck = z.infer<typeof ZFieldCheck>;

export interface ValidatedRegistration {
  values: RegistrationDraft;
  checks: TFieldCheck[];
}

const ok = (field: CheckedField, message: string | null = null): TFieldCheck => ({ field, valid: true, checked: true, message });
const refused = (field: CheckedField, message: string): TFieldCheck => ({ field, valid: false, checked: true, message });
const unchecked = (field: CheckedField, message: string): TFieldCheck => ({ field, valid: true, checked: false, message });

function checkNumber(field: "tin_number" | "vat_number", value: string, validators: Validator[], country: Country): TFieldCheck {
  const name = countryName(country, currentLocale());
  if (!validators.length) return unchecked(field, t("registration_number_unchecked", { country: name }));
  const matched = validators.filter((v) => v.validate(value).isValid);
  if (matched.length) return ok(field, schemeNames(matched));
  const key = field === "tin_number" ? "registration_tin_invalid" : "registration_vat_invalid";
  return refused(field, t(key, { country: name, schemes: schemeNames(validators) }));
}

/** Runs every check; `values` holds the normalised values (valid ones) or the input (refused ones). */
export function checkRegistration(draft: RegistrationDraft): ValidatedRegistration {
  const values: RegistrationDraft = { ...draft };
  const checks: TFieldCheck[] = [];
  const country = countryOf(draft.country);

  if (!country) checks.push(refused("country", t("invalid_country", { value: draft.country })));
  else if (isRefusedCountry(country)) checks.push(refused("country", t("registration_country_refused", { country: countryName(country, currentLocale()) })));
  else {
    values.country = country.alpha3;
    checks.push(ok("country", countryName(country, currentLocale())));
  }
  const usable = country && !isRefusedCountry(country) ? country : null;

  const email = ZEmail.safeParse(draft.email);
  if (email.success) {
    values.email = email.data;
    checks.push(ok("email"));
  } else checks.push(refused("email", t("invalid_email")));

  const phone = normalisePhone(draft.phone_number, usable?.alpha3);
  if (phone) {
    values.phone_number = phone;
    checks.push(ok("phone_number"));
  } else checks.push(refused("phone_number", t("invalid_phone")));

  if (!usable) {
    // Without a country the other rules cannot be chosen; the country's own error says why.
    for (const field of ["state", "tin_number", "vat_number"] as const) checks.push(unchecked(field, t("registration_needs_country")));
    return { values, checks };
  }
  const name = countryName(usable, currentLocale());

  const state = draft.state?.trim() || null;
  values.state = state;
  if (stateRequired(usable)) {
    const found = state ? findSubdivision(usable, state) : null;
    if (!state) checks.push(refused("state", t("registration_state_required", { country: name })));
    else if (!found) checks.push(refused("state", t("registration_state_invalid", { value: state, country: name })));
    else {
      values.state = found.code;
      checks.push(ok("state", found.name));
    }
  } else checks.push(state ? unchecked("state", t("registration_state_free_text", { country: name })) : ok("state"));

  values.tin_number = draft.tin_number.trim();
  checks.push(checkNumber("tin_number", values.tin_number, tinValidators(usable), usable));

  const vat = draft.vat_number?.trim() || null;
  values.vat_number = vat;
  if (vat) checks.push(checkNumber("vat_number", vat, vatValidators(usable), usable));
  else if (vatRequired(usable)) checks.push(refused("vat_number", t("registration_vat_required", { country: name })));
  else checks.push(ok("vat_number"));

  return { values, checks };
}

/** The normalised values, or a 400 with one message per refused field. */
export function validateRegistration(draft: RegistrationDraft): RegistrationDraft {
  const { values, checks } = checkRegistration(draft);
  const errors: FieldErrors = {};
  for (const check of checks) if (!check.valid && check.message) errors[check.field] = [check.message];
  if (Object.keys(errors).length) throw new DomainError("validation", errors);
  return values;
}
