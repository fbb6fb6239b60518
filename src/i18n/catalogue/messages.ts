import { bilingual } from "./bilingual";

/** The Messages pages (so far: the recipient picker). */
export const messages = bilingual(
  {
    list: {
      to: "To",
      more: "and {count} more",
      edit: "Edit",
      delete: "Delete",
      saved: "Message saved.",
      deleted: "Message deleted.",
    },
    picker: {
      to: "To",
      none: "No Employees chosen yet.",
      chosen: "Chosen Employees",
      remove: "Remove {name}",
      find: "Find Employees",
      findPlaceholder: "Find Employees by name, email or phone",
      loading: "Loading…",
      noMatch: "No Employees match.",
      more: "{count} more; narrow the search, or choose all.",
      selectAll: "Choose all {count, plural, one {# matching Employee} other {# matching Employees}}",
      selecting: "Choosing…",
      clearAll: "Remove all",
      count: "{count, plural, one {# Employee chosen} other {# Employees chosen}}",
    },
  },
  {
    list: {
      to: "Till",
      more: "och {count} till",
      edit: "Redigera",
      delete: "Ta bort",
      saved: "Meddelandet sparades.",
      deleted: "Meddelandet togs bort.",
    },
    picker: {
      to: "Till",
      none: "Inga anställda valda än.",
      chosen: "Valda anställda",
      remove: "Ta bort {name}",
      find: "Hitta anställda",
      findPlaceholder: "Hitta anställda på namn, e-post eller telefon",
      loading: "Laddar…",
      noMatch: "Inga anställda matchar.",
      more: "{count} till; begränsa sökningen eller välj alla.",
      selectAll: "Välj {count, plural, one {# matchande anställd} other {alla # matchande anställda}}",
      selecting: "Väljer…",
      clearAll: "Ta bort alla",
      count: "{count, plural, one {# anställd vald} other {# anställda valda}}",
    },
  },
);
