import { bilingual } from "./bilingual";

/** Words every page uses: buttons, states, the pager. A feature's own texts go in its own namespace. */
export const common = bilingual({
  loading: ["Loading…", "Laddar…"],
  save: ["Save", "Spara"],
  saving: ["Saving…", "Sparar…"],
  cancel: ["Cancel", "Avbryt"],
  close: ["Close", "Stäng"],
  delete: ["Delete", "Ta bort"],
  edit: ["Edit", "Redigera"],
  create: ["Create", "Skapa"],
  confirm: ["Confirm", "Bekräfta"],
  back: ["Back", "Tillbaka"],
  search: ["Search", "Sök"],
  all: ["All", "Alla"],
  none: ["None", "Inga"],
  notGiven: ["Not given", "Inte angivet"],
  yes: ["Yes", "Ja"],
  no: ["No", "Nej"],
  loadFailed: ["Could not load: {message}", "Kunde inte hämta: {message}"],
  previous: ["Previous", "Föregående"],
  next: ["Next", "Nästa"],
  pageOf: ["Page {page} of {pages}", "Sida {page} av {pages}"],
  /** The units of a span of time (`useFormat().timeSpan`): "2 h 30 min", "1 dag". */
  timeSpan: {
    days: ["{count, plural, one {# day} other {# days}}", "{count, plural, one {# dag} other {# dagar}}"],
    hours: ["{count} h", "{count} h"],
    minutes: ["{count} min", "{count} min"],
    seconds: ["{count} s", "{count} s"],
  },
  rowsCount: ["{count, plural, one {# row} other {# rows}}", "{count, plural, one {# rad} other {# rader}}"],
  deleting: ["Deleting…", "Tar bort…"],
  deleteTitle: ["Delete {what}", "Ta bort {what}"],
  deleteBody: [
    "Delete <strong>{name}</strong> (<code>{id}</code>)? This cannot be undone.",
    "Ta bort <strong>{name}</strong> (<code>{id}</code>)? Det går inte att ångra.",
  ],
  correctFields: ["Please correct the highlighted fields.", "Rätta de markerade fälten."],
  metadata: ["Metadata", "Metadata"],
  metadataHint: ["A JSON object of your own keys and values.", "Ett JSON-objekt med egna nycklar och värden."],
  metadataInvalid: ['Enter a JSON object, e.g. \'{"plan": "gold"}\'.', 'Ange ett JSON-objekt, t.ex. \'{"plan": "gold"}\'.'],
  pagination: ["Pagination", "Sidnumrering"],
  range: ["{first}–{last} of {count}", "{first}–{last} av {count}"],
  actions: ["Actions", "Åtgärder"],
  dismiss: ["Dismiss", "Stäng meddelandet"],
  saveChanges: ["Save changes", "Spara ändringar"],
  draftRestored: [
    "Your session ended while you were typing. What you typed is back: check it and send it again.",
    "Din session avslutades medan du skrev. Det du skrev finns kvar: kontrollera det och skicka igen.",
  ],
  /** A list's filter by status. */
  statusFilter: {
    label: ["Status", "Status"],
    all: ["All statuses", "Alla statusar"],
  },
  country: {
    label: ["Country", "Land"],
    hint: ["A name in English or Swedish, or the ISO alpha-3 code (e.g. SWE).", "Ett namn på svenska eller engelska, eller ISO alpha-3-koden (t.ex. SWE)."],
    matches: ["Matching countries", "Matchande länder"],
    noMatch: ["No country matches; the code is sent as typed.", "Inget land matchar; koden skickas som den är skriven."],
  },
  employeePicker: {
    placeholder: ["Type a name, email or phone", "Skriv ett namn, en e-postadress eller ett telefonnummer"],
    matches: ["Matching Employees", "Matchande anställda"],
    noMatch: ["No Employees match.", "Inga anställda matchar."],
    more: ["{count} more: keep typing to narrow.", "{count} till: skriv mer för att begränsa."],
  },
});
