import type { Writable } from 'node:stream';
import type { Client } from 'pg';

/**
 * Runs `issue` with the client's socket corked, so every statement it issues on a pipelined client
 * leaves in one write. A write to PostgreSQL's socket wakes its backend: on this project's VMs
 * each costs the sender about as much CPU as a small statement's whole answer (docs/benchmarks.md,
 * "Fifth cut"), so a batch's BEGIN, move, writes and COMMIT are worth one write, not four.
 * `pg` keeps its socket on `connection.stream`; without one, the statements leave as they are issued.
 */
export function sendTogether<T>(client: Client, issue: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  stream?.cork();
  try {
    return issue();
  } finally {
    stream?.uncork();
  }
}
