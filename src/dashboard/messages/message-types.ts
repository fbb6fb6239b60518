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
