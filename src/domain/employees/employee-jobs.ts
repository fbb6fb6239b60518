/** The Employees' outbox jobs: invitation emails (in batches), sign-in links, and the notice of a changed bank account. */
import { batch, single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { BANK_CHANGED_JOB, sendBankChangedNotice } from "./employee-details-change";
import { NOTIFY_EMPLOYEE_JOB, sendInvitations } from "./employee-invitation";
import { SIGN_IN_LINK_JOB, sendSignInLink } from "./employee-sign-in-link";

export const employeeJobs: JobHandlers = {
  [NOTIFY_EMPLOYEE_JOB]: batch(sendInvitations),
  [SIGN_IN_LINK_JOB]: single(sendSignInLink),
  [BANK_CHANGED_JOB]: single(sendBankChangedNotice),
};
