/**
 * Crash points for crash tests: the only way to kill a process *between* two steps of a command
 * (after one commit, before the next) every time, instead of hoping a SIGKILL sent from outside
 * lands there. `GATEWAY_FAILPOINTS=name[@probability][,name...]` arms them, e.g.
 * `disbursements.after-reserve@0.3`; an armed point kills its own process with SIGKILL (no
 * cleanup, no flush: exactly a crash). Ignored when NODE_ENV=production, so no deployment can
 * arm one by accident.
 */
interface Armed {
  probability: number;
}

let armed: Map<string, Armed> | undefined;

function parse(spec: string | undefined): Map<string, Armed> {
  const points = new Map<string, Armed>();
  if (!spec || process.env.NODE_ENV === 'production') return points;
  for (const part of spec.split(',')) {
    const [name, probability] = part.trim().split('@');
    if (!name) continue;
    const p = probability === undefined ? 1 : Number(probability);
    points.set(name, { probability: Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 1 });
  }
  return points;
}

/** Kills this process here when the point is armed (and its dice say so). A no-op otherwise. */
export function failpoint(name: string): void {
  armed ??= parse(process.env.GATEWAY_FAILPOINTS);
  if (armed.size === 0) return;
  const point = armed.get(name);
  if (!point || Math.random() >= point.probability) return;
  process.kill(process.pid, 'SIGKILL');
}

/** For unit tests of code with failpoints: re-reads GATEWAY_FAILPOINTS. */
export function resetFailpoints(): void {
  armed = undefined;
}
