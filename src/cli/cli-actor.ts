/** The audit log's actor for the CLI: "cli", with the operating-system user who ran it when it can be read. */
import os from "node:os";
import { CLI_ACTOR, type AuditActor } from "@/domain/audit/audit-record";

export function cliActor(): AuditActor {
  try {
    return { ...CLI_ACTOR, label: `cli (${os.userInfo().username})` };
  } catch {
    // A uid without a passwd entry (some containers): the record still says it was the CLI.
    return CLI_ACTOR;
  }
}
