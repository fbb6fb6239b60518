import { bilingual } from "./bilingual";

/** The review team's pages shared by Registrations and Employees (the rest of the Registration review is still English-only). */
export const review = bilingual(
  { edited: "Edited", editedFields: "Changed: {fields}" },
  { edited: "Redigerad", editedFields: "Ändrat: {fields}" },
);
