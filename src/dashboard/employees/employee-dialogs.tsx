"use client";

import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { EmployeeForm } from "./employee-form";
import { EMPTY_EMPLOYEE, employeeValues } from "./employee-form-values";
import type { Employee } from "./employee-types";

export function CreateEmployeeDialog({ integrationName, onClose }: { integrationName: string; onClose: () => void }) {
  const create = trpc.employees.create.useMutation(useDialogMutation({ refresh: (u) => u.employees.list.invalidate(), onClose }));
  return (
    <Modal title="New Employee" onClose={onClose} wide>
      <p className="modal-lead">
        {integrationName} will email an invitation to the address you give, with a link to the employee app.
      </p>
      <EmployeeForm
        initial={EMPTY_EMPLOYEE}
        idHint="Optional: your own reference. Left blank, one is generated."
        submitLabel="Create Employee"
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
  return (
    <Modal title={`Edit ${employee.name}`} onClose={onClose} wide>
      <EmployeeForm
        initial={employeeValues(employee)}
        idHint="Changing it changes the Employee's URL in the API."
        submitLabel="Save changes"
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
  return (
    <DeleteDialog
      what="Employee"
      name={employee.name}
      id={employee.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ employee_id: employee.id })}
      onClose={onClose}
    />
  );
}
