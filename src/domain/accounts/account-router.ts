/** The account settings page's procedures (dashboard only): the account's staff read them, its admins change them. */
import { accountWideProcedure, router } from "@/trpc/init";
import { ZAccountSettings, ZUpdateAccountSettings } from "./account-schemas";
import { accountSettings, updateAccountSettings } from "./account-settings";

export const accountRouter = router({
  settings: accountWideProcedure.output(ZAccountSettings).query(({ ctx }) => accountSettings(ctx)),
  updateSettings: accountWideProcedure
    .input(ZUpdateAccountSettings)
    .output(ZAccountSettings)
    .mutation(({ ctx, input }) => updateAccountSettings(ctx, input)),
});
