import { bilingual } from "./bilingual";

/** Developers → Events: the recorded events (GET /v2/events/), where each went, and redelivery. */
export const events = bilingual({
  title: ["Events", "Händelser"],
  what: ["the events", "händelserna"],
  lead: [
    "What happened in this environment, newest first: <strong>{integration}</strong>'s events and the account's own, each with the object as it was sent. Kept 30 days unless the service is set otherwise.",
    "Vad som hänt i den här miljön, nyast först: händelserna för <strong>{integration}</strong> och kontots egna, var och en med objektet som det skickades. Sparas i 30 dagar om tjänsten inte är inställd på annat.",
  ],
  none: ["No events match.", "Inga händelser matchar."],
  view: ["View", "Visa"],
  columns: {
    created: ["Time", "Tid"],
    type: ["Event", "Händelse"],
    object: ["Object", "Objekt"],
  },
  filters: {
    label: ["Filters", "Filter"],
    type: ["Event types", "Händelsetyper"],
    allTypes: ["All event types", "Alla händelsetyper"],
    typesChosen: ["{count, plural, one {# event type} other {# event types}}", "{count, plural, one {# händelsetyp} other {# händelsetyper}}"],
    clearTypes: ["Clear", "Rensa"],
    objectId: ["Object ID", "Objekt-id"],
    objectIdPlaceholder: ["An Employee's, Payout's… id", "Id för en anställd, en utbetalning…"],
    apply: ["Filter", "Filtrera"],
    after: ["From", "Från"],
    before: ["Until", "Till"],
  },
  detail: {
    title: ["Event", "Händelse"],
    notFound: ['No event "{id}" here.', 'Ingen händelse "{id}" här.'],
    id: ["ID", "Id"],
    created: ["Time", "Tid"],
    object: ["Object", "Objekt"],
    data: ["As the API shows it", "Som API:t visar den"],
    deliveries: ["Where it was delivered", "Vart den levererades"],
    notDelivered: ["No subscription received it.", "Ingen prenumeration tog emot den."],
    subscription: ["Subscription", "Prenumeration"],
    redeliverTo: ["Deliver again to", "Leverera igen till"],
    redeliver: ["Redeliver", "Leverera igen"],
    redelivering: ["Queuing…", "Köar…"],
    redelivered: ["A new delivery to {url} is on its way.", "En ny leverans till {url} är på väg."],
    noSubscription: ["No enabled subscription takes this event.", "Ingen påslagen prenumeration tar emot den här händelsen."],
  },
});
