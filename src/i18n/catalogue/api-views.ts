import { bilingual } from "./bilingual";

/** The words around the data on the `/v2/` HTML views (`src/http/v2/html-view.tsx`). */
export const apiViews = bilingual({
  title: ["Payroute API", "Payroute API"],
  results: ["Results", "Resultat"],
  count: ["{count} in total", "{count} totalt"],
  next: ["Next page", "Nästa sida"],
  previous: ["Previous page", "Föregående sida"],
  empty: ["Nothing here yet.", "Här finns inget ännu."],
  page: ["Page {page}", "Sida {page}"],
  signIn: ["Sign in to the dashboard to browse the API in a browser.", "Logga in i kontrollpanelen för att bläddra i API:t i en webbläsare."],
  signInLink: ["Sign in", "Logga in"],
  asJson: ["View as JSON", "Visa som JSON"],
  apiRoot: ["API root", "API-rot"],
  environment: ["Environment: {env}", "Miljö: {env}"],
  error: ["Error {status}", "Fel {status}"],
  field: ["Field", "Fält"],
  value: ["Value", "Värde"],
  docs: ["API reference", "API-referens"],
  dashboard: ["Dashboard", "Kontrollpanel"],
});
