import type { RouterOutputs } from "../trpc";

export type Message = RouterOutputs["messages"]["list"]["results"][number];

/** An Employee chosen as a recipient; the name is only for showing the choice. */
export interface Recipient {
  id: string;
  name: string;
}
