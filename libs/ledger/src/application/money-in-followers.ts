/**
 * Subscriptions that must have seen a money-in before a write that depends on it is answered
 * (read-your-writes beyond the journal). The ledger registers its balance process here, so a
 * top-up's response means "you can now spend it"; other contexts may register theirs.
 */
const followers = new Set<string>();

export function registerMoneyInFollower(projectionName: string): void {
  followers.add(projectionName);
}

export function moneyInFollowers(): string[] {
  return [...followers];
}
