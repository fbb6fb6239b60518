import type { RouterOutputs } from "../trpc";

export type EventRow = RouterOutputs["events"]["list"]["results"][number];
export type EventDelivery = RouterOutputs["events"]["deliveries"][number];

export const EVENT_PAGE_SIZE = 25;

/** A `datetime-local` value (the reader's time zone) as an instant, or undefined when empty or unreadable. */
export function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** An instant as a `datetime-local` value in the reader's time zone (minutes). */
export function localInputOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
