"use client";

import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { EmployeeCombobox } from "../employees/employee-combobox";
import { fieldMessages } from "../errors";
import type { Integration } from "../integrations/integration-types";
import { useFormat } from "../i18n/use-format";
import { trpc, type MutationState } from "../trpc";
import { useDraftState } from "../ui/draft-scope";
import { Field } from "../ui/field";
import { ServerCheckedForm, TextField } from "../ui/form";
import { restoreParsed } from "../ui/form-draft";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { BASES, EMPTY_PAYOUT, toPayoutRequest, toQuoteRequest, ZPayoutFormValues, type PayoutFormValues } from "./payout-form-values";
import { usePayrunLabel } from "../payruns/payrun-label";
import { payoutEmployee } from "./payout-types";
import { PriceBreakdown } from "./price-breakdown";

const FORM_FIELDS = ["employee", "amount", "invoiced_amount", "cost", "currency", "description", "start_at", "end_at"];

/** The dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_PAYOUT_DRAFT = "payouts.create";
const restorePayout = restoreParsed(ZPayoutFormValues);

interface CreatePayoutDialogProps {
  integration: Integration;
  onClose: () => void;
  onCreated: (notice: NoticeValue) => void;
}

export function CreatePayoutDialog({ integration, onClose, onCreated }: CreatePayoutDialogProps) {
  const t = useTranslations("payouts");
  const f = useFormat();
  const payrunLabel = usePayrunLabel();
  const utils = trpc.useUtils();
  const create = trpc.payouts.create.useMutation({
    onSuccess: async (created) => {
      // One body in, one Payout out.
      const payout = Array.isArray(created) ? created[0] : created;
      onCreated({
        kind: "success",
        text: t("created", {
          amount: f.money(payout.amount, payout.currency),
          employee: payoutEmployee(payout).name,
          payrun: typeof payout.payrun === "string" ? payout.payrun : payrunLabel(payout.payrun),
        }),
      });
      await Promise.all([utils.payouts.invalidate(), utils.payruns.invalidate()]);
      onClose();
    },
  });
  return (
    <Modal draft={NEW_PAYOUT_DRAFT} title={t("create.title")} onClose={onClose} wide>
      <p className="modal-lead">{t("create.lead", { integration: integration.name })}</p>
      <PayoutForm
        integrationId={integration.id}
        mutation={create}
        onSubmit={(values) => create.mutate({ ...toPayoutRequest(values, f.parseMoney), expand: ["employee", "payrun"] })}
        onCancel={onClose}
      />
    </Modal>
  );
}

interface PayoutFormProps {
  integrationId: string;
  mutation: MutationState;
  onSubmit: (values: PayoutFormValues) => void;
  onCancel: () => void;
}

/** The create form, with the price of what is typed beside it. */
function PayoutForm({ integrationId, mutation, onSubmit, onCancel }: PayoutFormProps) {
  const t = useTranslations("payouts");
  const f = useFormat();
  const [values, setValues] = useDraftState("payout", EMPTY_PAYOUT, restorePayout);
  const errors = fieldMessages(mutation.error);
  const set =
    <K extends keyof PayoutFormValues>(field: K) =>
    (value: PayoutFormValues[K]) =>
      setValues((v) => ({ ...v, [field]: value }));
  const { employee, basis, figure, currency } = values;
  // Stable while the priced fields are unchanged, so that the debounced quote waits for typing to stop.
  const read = f.parseMoney;
  const quote = useMemo(() => toQuoteRequest({ employee, basis, figure, currency }, read), [employee, basis, figure, currency, read]);

  return (
    <div className="payout-create">
      <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={t("create.submit")} onSubmit={() => onSubmit(values)} onCancel={onCancel}>
        <Field label={t("fields.employee")} required errors={errors.employee} hint={t("create.employeeHint")} className="span-2">
          {(control) => <EmployeeCombobox control={control} value={employee} onChange={set("employee")} />}
        </Field>
        <BasisPicker value={basis} onChange={set("basis")} />
        <TextField label={t(`bases.${basis}`)} required errors={errors[basis]} hint={t("create.figureHint")} value={figure} onChange={set("figure")} />
        <TextField
          label={t("create.currency")}
          required
          errors={errors.currency}
          hint={t("create.currencyHint")}
          value={currency}
          onChange={(v) => set("currency")(v.toUpperCase())}
        />
        <TextField
          label={t("create.description")}
          required
          errors={errors.description}
          hint={t("create.descriptionHint")}
          className="span-2"
          value={values.description}
          onChange={set("description")}
        />
        <DateField label={t("create.startDate")} value={values.startDate} onChange={set("startDate")} errors={errors.start_at} />
        <DateField label={t("create.endDate")} value={values.endDate} onChange={set("endDate")} errors={errors.end_at} />
      </ServerCheckedForm>
      <PriceBreakdown integrationId={integrationId} request={quote} />
    </div>
  );
}

/** Which of the three figures is entered; the server derives the other two. */
function BasisPicker({ value, onChange }: { value: PayoutFormValues["basis"]; onChange: (basis: PayoutFormValues["basis"]) => void }) {
  const t = useTranslations("payouts");
  return (
    <fieldset className="basis-picker span-2">
      <legend>{t("create.basis")}</legend>
      {BASES.map((b) => (
        <label key={b} className="basis-option">
          <input type="radio" name="basis" value={b} checked={b === value} onChange={() => onChange(b)} />
          <span>
            <span className="strong">{t(`bases.${b}`)}</span>
            <span className="muted basis-hint">{t(`bases.${b}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function DateField({ label, value, onChange, errors }: { label: string; value: string; onChange: (value: string) => void; errors?: string[] }) {
  const t = useTranslations("payouts");
  return (
    <Field label={label} errors={errors} hint={t("create.dateHint")}>
      {(control) => <input {...control} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
