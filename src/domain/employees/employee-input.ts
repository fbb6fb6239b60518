/** Reading Employee bodies: rules on their fields shared by create, update and replace. */
import { fieldError } from "@/domain/errors";
import { normalisePhone } from "@/domain/shared/contact-fields";
import { t } from "@/i18n/locale";

export function phoneOrError(value: string | null | undefined, country: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value === "") return null;
  const phone = normalisePhone(value, country);
  if (!phone) throw fieldError("cellphone_number", t("invalid_phone"));
  return phone;
}
