import type { RouterOutputs } from "../trpc";
import { restoreParsed } from "../ui/form-draft";
import { z } from "../zod";

export type Message = RouterOutputs["messages"]["list"]["results"][number];

/** An Employee chosen as a recipient; the name is only for showing the choice. */
export interface Recipient {
  id: string;
  name: string;
}

/** A Message form's parts as a draft keeps them (ui/draft-scope.tsx): the recipients chosen, and the text. */
export const restoreRecipients = restoreParsed(z.array(z.object({ id: z.string(), name: z.string() })));
export const restoreContent = restoreParsed(z.string());

/** The dialogs' drafts; an edit's is kept for its Message. */
export const NEW_MESSAGE_DRAFT = "messages.create";
export const EDIT_MESSAGE_DRAFT = "messages.edit";

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
