/** The `type` filter of the events list and the `event_type` filter of the deliveries list: event names, repeatable. */
import { z } from "zod";
import { t } from "@/i18n/locale";
import { EVENT_NAMES, isEventName, type EventName } from "./event-catalogue";
import { LEGACY_EVENT_NAMES } from "./webhook-schemas";

/** One or more event names (the legacy `Invoice.*` names read as `Payrun.*`); an unknown one is a 400 naming the valid ones. */
export function eventTypeFilter(description: string) {
  return z
    .array(z.string().max(100))
    .max(50)
    .transform((names, ctx): EventName[] => {
      const out: EventName[] = [];
      for (const name of names) {
        const canonical = LEGACY_EVENT_NAMES[name] ?? name;
        if (isEventName(canonical)) out.push(canonical);
        else ctx.addIssue({ code: "custom", message: t("unknown_event", { name, valid: EVENT_NAMES.join(", ") }) });
      }
      return out;
    })
    .optional()
    .meta({ description });
}
