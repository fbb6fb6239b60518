"use client";

import { useMemo, useState } from "react";
import { EmployeeCombobox } from "../employees/employee-combobox";
import { fieldMessages } from "../errors";
import type { Integration } from "../integrations/integration-types";
import { formatMoney } from "../money";
import { trpc, type MutationState } from "../trpc";
import { Field } from "../ui/field";
import { ServerCheckedForm, TextField } from "../ui/form";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { BASES, basisLabel, EMPTY_PAYOUT, toPayoutRequest, toQuoteRequest, type PayoutFormValues } from "./payout-form-values";
import { payoutEmployee, payrunId } from "./payout-types";
import { PriceBreakdown } from "./price-breakdown";

const FORM_FIELDS = ["employee", "amount", "invoiced_amount", "cost", "currency", "description", "start_at", "end_at"];

interface CreatePayoutDialogProps {
  integration: Integration;
  onClose: () => void;
  onCreated: (notice: NoticeValue) => void;
}

export function CreatePayoutDialog({ integration, onClose, onCreated }: CreatePayoutDialogProps) {
  const utils = trpc.useUtils();
  const create = trpc.payouts.create.useMutation({
    onSuccess: async (created) => {
      // One body in, one Payout out.
      const payout = Array.isArray(created) ? created[0] : created;
      onCreated({
        kind: "success",
        text: `${formatMoney(payout.amount)} ${payout.currency} to ${payoutEmployee(payout).name} was created in Payrun ${payrunId(payout)}.`,
      });
      await Promise.all([utils.payouts.invalidate(), utils.payruns.invalidate()]);
      onClose();
    },
  });
  return (
    <Modal title="New Payout" onClose={onClose} wide>
      <p className="modal-lead">
        {integration.name} pays the Employee once its Payrun is paid; they are then notified and accept it in the employee app.
      </p>
      <PayoutForm integrationId={integration.id} mutation={create} onSubmit={(values) => create.mutate({ ...toPayoutRequest(values), expand: ["employee"] })} onCancel={onClose} />
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
  const [values, setValues] = useState(EMPTY_PAYOUT);
  const errors = fieldMessages(mutation.error);
  const set = <K extends keyof PayoutFormValues>(field: K) => (value: PayoutFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const { employee, basis, figure, currency } = values;
  // Stable while the priced fields are unchanged, so that the debounced quote waits for typing to stop.
  const quote = useMemo(() => toQuoteRequest({ employee, basis, figure, currency }), [employee, basis, figure, currency]);

  return (
    <div className="payout-create">
      <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel="Create Payout" onSubmit={() => onSubmit(values)} onCancel={onCancel}>
        <Field label="Employee" required errors={errors.employee} hint="Search by name, email or phone." className="span-2">
          {(control) => <EmployeeCombobox control={control} value={employee} onChange={set("employee")} />}
        </Field>
        <BasisPicker value={basis} onChange={set("basis")} />
        <TextField label={basisLabel(basis)} required errors={errors[basis]} hint="A decimal with up to two places, e.g. 1000.00." value={figure} onChange={set("figure")} />
        <TextField label="Currency" required errors={errors.currency} hint="ISO 4217, e.g. SEK." value={currency} onChange={(v) => set("currency")(v.toUpperCase())} />
        <TextField label="Description" required errors={errors.description} hint="The Employee reads this." className="span-2" value={values.description} onChange={set("description")} />
        <DateField label="Start date" value={values.startDate} onChange={set("startDate")} errors={errors.start_at} />
        <DateField label="End date" value={values.endDate} onChange={set("endDate")} errors={errors.end_at} />
      </ServerCheckedForm>
      <PriceBreakdown integrationId={integrationId} request={quote} />
    </div>
  );
}

/** Which of the three figures is entered; the server derives the other two. */
function BasisPicker({ value, onChange }: { value: PayoutFormValues["basis"]; onChange: (basis: PayoutFormValues["basis"]) => void }) {
  return (
    <fieldset className="basis-picker span-2">
      <legend>Figure you enter</legend>
      {BASES.map((b) => (
        <label key={b.value} className="basis-option">
          <input type="radio" name="basis" value={b.value} checked={b.value === value} onChange={() => onChange(b.value)} />
          <span>
            <span className="strong">{b.label}</span>
            <span className="muted basis-hint">{b.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function DateField({ label, value, onChange, errors }: { label: string; value: string; onChange: (value: string) => void; errors?: string[] }) {
  return (
    <Field label={label} errors={errors} hint="Optional: the period worked.">
      {(control) => <input {...control} type="date" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
