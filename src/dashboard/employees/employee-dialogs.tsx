"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { EmployeeForm } from "./employee-form";
import { EMPTY_EMPLOYEE, employeeValues } from "./employee-form-values";
import type { Employee } from "./employee-types";

/** The create dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_EMPLOYEE_DRAFT = "employees.create";
/** The edit dialog's draft, kept for the object it is open on (its id): the same rules as the create dialog's. */
export const EDIT_EMPLOYEE_DRAFT = "employees.edit";

export function CreateEmployeeDialog({ integrationName, onClose }: { integrationName: string; onClose: () => void }) {
  const create = trpc.employees.create.useMutation(useDialogMutation({ refresh: (u) => u.employees.list.invalidate(), onClose }));
  const t = useTranslations("employees.form");
  return (
    <Modal draft={NEW_EMPLOYEE_DRAFT} title={t("createTitle")} lead={t("createLead", { integration: integrationName })} onClose={onClose} wide>
      <EmployeeForm
        initial={EMPTY_EMPLOYEE}
        mode="create"
        mutation={create}
        onSubmit={(id, fields) => create.mutate({ ...fields, id: id === "" ? undefined : id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function EditEmployeeDialog(props: { employee: Employee; onClose: () => void; onSaved?: (saved: Employee) => void }) {
  const { employee, onClose, onSaved } = props;
  const update = trpc.employees.update.useMutation(useDialogMutation({ refresh: (u) => u.employees.invalidate(), onDone: onSaved, onClose }));
  const t = useTranslations("employees.form");
  return (
    <Modal draft={EDIT_EMPLOYEE_DRAFT} draftSubject={employee.id} title={t("editTitle", { name: employee.name })} onClose={onClose} wide>
      <EmployeeForm
        initial={employeeValues(employee)}
        mode="edit"
        mutation={update}
        onSubmit={(id, fields) => update.mutate({ ...fields, employee_id: employee.id, id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function DeleteEmployeeDialog(props: { employee: Employee; onClose: () => void; onDeleted: () => void }) {
  const { employee, onClose, onDeleted } = props;
  const remove = trpc.employees.delete.useMutation(useDialogMutation({ refresh: (u) => u.employees.list.invalidate(), onDone: onDeleted, onClose }));
  const t = useTranslations("employees.form");
  return <DeleteDialog what={t("what")} name={employee.name} id={employee.id} mutation={remove} input={{ employee_id: employee.id }} onClose={onClose} />;
}
