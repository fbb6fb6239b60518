/**
 * The dashboard's CSV import of Payouts (no REST path: the API takes JSON arrays at POST /v2/payouts/). Every
 * answer is in the person's language, and in their CSV style for the template.
 */
import { auditActorOf } from "@/trpc/audit-actor";
import { integrationProcedure, router } from "@/trpc/init";
import { currentLocale } from "@/i18n/locale";
import { createImportChunk } from "./payout-import-create";
import { previewImport } from "./payout-import-preview";
import { ZImportCreateInput, ZImportCreateResult, ZImportPreview, ZImportPreviewInput, ZImportTemplate } from "./payout-import-schemas";
import { importTemplate } from "./payout-import-template";

export const payoutImportRouter = router({
  template: integrationProcedure.output(ZImportTemplate).query(() => importTemplate(currentLocale())),

  /** A dry run: nothing is written (a mutation for its body, a whole file). */
  preview: integrationProcedure
    .input(ZImportPreviewInput)
    .output(ZImportPreview)
    .mutation(({ ctx, input }) => previewImport(ctx, input.csv, currentLocale())),

  create: integrationProcedure
    .input(ZImportCreateInput)
    .output(ZImportCreateResult)
    .mutation(({ ctx, input }) => createImportChunk(ctx, input, currentLocale(), auditActorOf(ctx))),
});
