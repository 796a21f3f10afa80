/**
 * Subscriptions that must have seen a money-in before a write that depends on it is answered
 * (read-your-writes beyond the journal). The disbursements context registers its balance
 * process manager here, so a top-up's response means "you can now spend it".
 */
const followers = new Set<string>();

export function registerMoneyInFollower(projectionName: string): void {
  followers.add(projectionName);
}

export function moneyInFollowers(): string[] {
  return [...followers];
}
