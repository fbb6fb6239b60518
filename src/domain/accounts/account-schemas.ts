/** The account's settings, as the dashboard's settings page reads and writes them. */
import { z } from "zod";
import { LOCALES } from "@/i18n/catalogue/locales";

export const ZAccountSettings = z.object({
  /** The language the account's Invoices (PDF and email) are written in. */
  language: z.enum(LOCALES),
});
export type TAccountSettings = z.infer<typeof ZAccountSettings>;

export const ZUpdateAccountSettings = ZAccountSettings;
export type TUpdateAccountSettings = z.infer<typeof ZUpdateAccountSettings>;
