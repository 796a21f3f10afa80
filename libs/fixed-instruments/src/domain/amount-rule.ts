/**
 * What a payment into an instrument may be: exactly one amount (a closed VA, a code with an
 * expected amount), any amount within bounds (a code without one), or any amount (an open VA).
 */
export type AmountRule = { exactly: number } | { from: number; to: number } | { any: true };

export function acceptsAmount(rule: AmountRule, amount: number): boolean {
  if ('exactly' in rule) return amount === rule.exactly;
  if ('from' in rule) return amount >= rule.from && amount <= rule.to;
  return true;
}

/** The rule as the refusal words it: "exactly 50000", "10000 to 5000000". */
export function describeAmountRule(rule: AmountRule): string {
  if ('exactly' in rule) return `exactly ${rule.exactly}`;
  if ('from' in rule) return `${rule.from} to ${rule.to}`;
  return 'any amount';
}
