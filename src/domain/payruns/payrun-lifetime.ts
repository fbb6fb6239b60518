/**
 * How long an explicit Payrun stays open by itself: it closes after 30 days without activity (creation, a
 * Payout joining, an edit) and at most 90 days after creation, whichever comes first. Automatic Payruns stay
 * open until closed (or paid).
 */
export const INACTIVITY_DAYS = 30;
export const MAX_OPEN_DAYS = 90;
const DAY_MS = 86_400_000;

export function expectedCloseAt(row: { manuallyManaged: boolean; open: boolean; createdAt: Date; lastActivityAt: Date }): Date | null {
  if (!row.manuallyManaged || !row.open) return null;
  return new Date(Math.min(row.lastActivityAt.getTime() + INACTIVITY_DAYS * DAY_MS, row.createdAt.getTime() + MAX_OPEN_DAYS * DAY_MS));
}

/** The activity and creation times before which an open explicit Payrun is due to close at `now`. */
export function closeCutoffs(now: Date): { inactiveBefore: Date; createdBefore: Date } {
  return { inactiveBefore: new Date(now.getTime() - INACTIVITY_DAYS * DAY_MS), createdBefore: new Date(now.getTime() - MAX_OPEN_DAYS * DAY_MS) };
}
