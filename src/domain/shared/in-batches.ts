/**
 * How every retention job removes rows: a statement of at most `batch` rows at a time, each its own short
 * transaction, until a statement removes fewer; so no purge holds locks on a large part of a table or keeps one
 * long transaction open while the API writes beside it.
 */
export async function deleteInBatches(deleteAtMost: (limit: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deleteAtMost(batch);
    total += removed;
    if (removed < batch) return total;
  }
}
