import { bilingual } from "./bilingual";

/** The Messages page: the list, composing, editing and deleting, the recipient picker. */
export const messages = bilingual({
  title: ["Messages", "Meddelanden"],
  lead: [
    "What <strong>{integration}</strong> told its Employees, newest first. They read them in the employee app.",
    "Vad <strong>{integration}</strong> har berättat för sina anställda, nyast först. De läser dem i appen för anställda.",
  ],
  newMessage: ["New Message", "Nytt meddelande"],
  none: ["No Messages yet.", "Inga meddelanden än."],
  sentTo: [
    "Message sent to {count, plural, one {# Employee} other {# Employees}}.",
    "Meddelandet skickades till {count, plural, one {# anställd} other {# anställda}}.",
  ],
  send: ["Send Message", "Skicka meddelande"],
  sending: ["Sending…", "Skickar…"],
  editTitle: ["Edit Message", "Redigera meddelande"],
  editLead: [
    "Employees taken off the list no longer see it; those added see it among their Messages.",
    "Anställda som tas bort från listan ser det inte längre; de som läggs till ser det bland sina meddelanden.",
  ],
  deleteTitle: ["Delete Message", "Ta bort meddelande"],
  deleteBody: [
    "Delete <strong>{excerpt}</strong> (<code>{id}</code>)? The {count, plural, one {Employee it went to no longer sees it} other {# Employees it went to no longer see it}}. This cannot be undone.",
    "Ta bort <strong>{excerpt}</strong> (<code>{id}</code>)? {count, plural, one {Den anställda det gick till ser det inte längre} other {De # anställda det gick till ser det inte längre}}. Det går inte att ångra.",
  ],
  field: ["Message", "Meddelande"],
  fieldHint: ["Plain text; the Employees see it in the employee app.", "Vanlig text; de anställda ser den i appen för anställda."],
  list: {
    to: ["To", "Till"],
    more: ["and {count} more", "och {count} till"],
    edit: ["Edit", "Redigera"],
    delete: ["Delete", "Ta bort"],
    saved: ["Message saved.", "Meddelandet sparades."],
    deleted: ["Message deleted.", "Meddelandet togs bort."],
  },
  picker: {
    to: ["To", "Till"],
    none: ["No Employees chosen yet.", "Inga anställda valda än."],
    chosen: ["Chosen Employees", "Valda anställda"],
    remove: ["Remove {name}", "Ta bort {name}"],
    find: ["Find Employees", "Hitta anställda"],
    findPlaceholder: ["Find Employees by name, email or phone", "Hitta anställda på namn, e-post eller telefon"],
    loading: ["Loading…", "Laddar…"],
    noMatch: ["No Employees match.", "Inga anställda matchar."],
    more: ["{count} more; narrow the search, or choose all.", "{count} till; begränsa sökningen eller välj alla."],
    selectAll: [
      "Choose all {count, plural, one {# matching Employee} other {# matching Employees}}",
      "Välj {count, plural, one {# matchande anställd} other {alla # matchande anställda}}",
    ],
    selecting: ["Choosing…", "Väljer…"],
    clearAll: ["Remove all", "Ta bort alla"],
    count: ["{count, plural, one {# Employee chosen} other {# Employees chosen}}", "{count, plural, one {# anställd vald} other {# anställda valda}}"],
  },
});
