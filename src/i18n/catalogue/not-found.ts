import { bilingual } from "./bilingual";

/** The page for an address that leads nowhere (src/app/not-found.tsx). */
export const notFound = bilingual({
  title: ["Page not found", "Sidan finns inte"],
  lead: [
    "There is no page at this address. It may have moved, or the link may be mistyped.",
    "Det finns ingen sida på den här adressen. Den kan ha flyttats, eller så är länken felskriven.",
  ],
  home: ["Go to the home page", "Till översikten"],
  back: ["Go back", "Gå tillbaka"],
});
