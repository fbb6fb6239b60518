/** The team's outbox jobs: invitation and password-reset emails. */
import { single, type JobHandlers } from "@/domain/outbox/job-handlers";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "./password-reset-email";
import { sendTeamInvitation } from "./team-invitation-email";
import { TEAM_INVITE_JOB } from "./team-service";

export const teamJobs: JobHandlers = {
  [TEAM_INVITE_JOB]: single(sendTeamInvitation),
  [PASSWORD_RESET_JOB]: single(sendPasswordReset),
};
