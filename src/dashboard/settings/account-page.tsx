"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from "@/i18n/catalogue/locales";
import { fieldMessages } from "../errors";
import { trpc } from "../trpc";
import { Field } from "../ui/field";
import { FormActions, FormErrorAlert } from "../ui/form";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";

/** The account's settings: the language its Invoices (PDF and email) are written in. Admins change it; members read it. */
export function AccountSettingsPage() {
  const t = useTranslations("settings.account");
  const common = useTranslations("common");
  const me = trpc.session.me.useQuery();
  const settings = trpc.accounts.settings.useQuery();
  const admin = me.data?.teamRole === "admin";
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead", { account: me.data?.account ?? "" })} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {settings.data ? (
        <LanguageForm key={settings.data.language} language={settings.data.language} admin={admin} onSaved={setNotice} />
      ) : (
        <p className="page-message">{settings.error ? settings.error.message : common("loading")}</p>
      )}
    </section>
  );
}

function LanguageForm(props: { language: Locale; admin: boolean; onSaved: (n: NoticeValue) => void }) {
  const { admin, onSaved } = props;
  const t = useTranslations("settings.account");
  const utils = trpc.useUtils();
  const [language, setLanguage] = useState<Locale>(props.language);
  const save = trpc.accounts.updateSettings.useMutation({
    onSuccess: (saved) => {
      onSaved({ kind: "success", text: t("savedNotice", { language: LOCALE_NAMES[saved.language] }) });
      void utils.accounts.settings.invalidate();
    },
  });
  const errors = fieldMessages(save.error);
  return (
    <form
      className="card card-padded form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ language });
      }}
    >
      <FormErrorAlert error={save.error} fields={["language"]} />
      <Field label={t("language")} hint={admin ? t("languageHint") : t("adminChanges")} errors={errors.language}>
        {(control) => (
          <select {...control} value={language} disabled={!admin} onChange={(e) => isLocale(e.target.value) && setLanguage(e.target.value)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {admin && <FormActions pending={save.isPending} submitLabel={t("save")} />}
    </form>
  );
}
