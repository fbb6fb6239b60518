/** Every job kind and its handler, in one list. */
import { sendInvitation } from "@/domain/employees/employee-invitation";
import { NOTIFY_EMPLOYEE_JOB } from "@/domain/employees/employee-service";
import { registerJobHandler } from "./job-handlers";

registerJobHandler(NOTIFY_EMPLOYEE_JOB, sendInvitation);
