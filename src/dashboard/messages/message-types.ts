import type { RouterOutputs } from "../trpc";

export type Message = RouterOutputs["messages"]["list"]["results"][number];

/** An Employee chosen as a recipient; the name is only for showing the choice. */
export interface Recipient {
  id: string;
  name: string;
}

const EXCERPT_LENGTH = 40;

/** The start of a Message's text on one line, to name it in buttons and dialogs. */
export function messageExcerpt(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** `found` added to the chosen recipients: each Employee once, the ones chosen first kept in their order. */
export function addRecipients(chosen: readonly Recipient[], found: readonly Recipient[]): Recipient[] {
  const ids = new Set(chosen.map((r) => r.id));
  return [...chosen, ...found.filter((r) => !ids.has(r.id) && ids.add(r.id))];
}
