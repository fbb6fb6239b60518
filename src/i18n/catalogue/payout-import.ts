import { bilingual } from "./bilingual";

/**
 * The CSV import of Payouts (server side): the file's column headers, which the import reads in either language
 * and the template writes in the reader's (English headers are the API's field names, so an export reads back in),
 * the template's example row, and what a row or the file can be told.
 */
export const payoutImport = bilingual({
  columns: {
    employee: ["employee", "anställd"],
    name: ["name", "namn"],
    email: ["email", "e-post"],
    country: ["country", "land"],
    amount: ["amount", "belopp"],
    invoiced_amount: ["invoiced_amount", "fakturerat belopp"],
    cost: ["cost", "kostnad"],
    currency: ["currency", "valuta"],
    description: ["description", "beskrivning"],
    start_at: ["start_at", "startdatum"],
    end_at: ["end_at", "slutdatum"],
    id: ["id", "id"],
  },
  example: {
    name: ["Anna Andersson", "Anna Andersson"],
    email: ["anna.andersson@example.com", "anna.andersson@example.com"],
    description: ["Catering, 12 June", "Catering 12 juni"],
  },
  templateFile: ["payouts-template.csv", "utbetalningar-mall.csv"],
  noEmployeeColumn: ['The file needs an "{employee}" or an "{email}" column.', 'Filen behöver en kolumn "{employee}" eller "{email}".'],
  empty: ["The file has no rows.", "Filen har inga rader."],
  unreadable: ["The file could not be read at row {row}: {reason}", "Filen kunde inte läsas vid rad {row}: {reason}"],
  employeeMissing: ["Give the Employee's id or email.", "Ange den anställdas id eller e-post."],
  newEmployeeNeeds: [
    "Needed to create a new Employee: no Employee has the email {email}.",
    "Krävs för att skapa en ny anställd: ingen anställd har e-posten {email}.",
  ],
  chunkSize: ["Between 1 and {max} rows at a time.", "Mellan 1 och {max} rader åt gången."],
  changedSinceCheck: [
    "Rows {from}–{to} were not created: the file no longer matches what was checked. Choose it again.",
    "Raderna {from}–{to} skapades inte: filen stämmer inte längre med det som kontrollerades. Välj den igen.",
  ],
});
