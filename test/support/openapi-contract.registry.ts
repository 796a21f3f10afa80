/**
 * The contract recorders of the running test file (one per app it started), so that one
 * `afterAll` (test/support/openapi-contract.setup.ts) can fail the file on a violation. Kept free
 * of imports: every test file loads it, unit specs included.
 */
export interface ContractParticipant {
  /** What failed the contract so far, one sentence each. */
  readonly violations: string[];
  /** Last checks that need the app's database (callback bodies); safe to call more than once. */
  finish(): Promise<void>;
}

const participants = new Set<ContractParticipant>();

export function participate(participant: ContractParticipant): void {
  participants.add(participant);
}

/**
 * Throws with every violation of every app the file started (then forgets them). Runs as an
 * `afterAll`, so the file fails with the operation, the request and the field, while the file's
 * own `afterAll` hooks still run (its receivers and servers are closed).
 */
export async function assertContractsHeld(): Promise<void> {
  const violations: string[] = [];
  for (const participant of participants) {
    await participant
      .finish()
      .catch((error: unknown) =>
        participant.violations.push(
          `the callback check could not run: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    violations.push(...participant.violations.splice(0));
  }
  participants.clear();
  const shown = [...new Set(violations)];
  if (shown.length === 0) return;
  throw new Error(
    `OpenAPI contract (docs/api-reference.md): ${shown.length} violation(s):\n- ` +
      `${shown.slice(0, 30).join('\n- ')}${shown.length > 30 ? `\n- ... and ${shown.length - 30} more` : ''}`,
  );
}
