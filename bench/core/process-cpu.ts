import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time read from /proc (Linux): what a process, or a PostgreSQL server with its backends, has
 * spent. Throughput on a shared machine swings with whatever else runs; CPU time per request moves
 * much less, so the scale-out scenario and `charge-cost` report it beside requests/s.
 */

/** USER_HZ is 100 on every mainstream Linux build (`getconf CLK_TCK`). */
const MS_PER_TICK = 10;

/** Fields of /proc/<pid>/stat after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU time of `pid` so far, all threads; 0 once it has exited. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

export function parentOf(pid: number): number {
  return Number(statFields(pid)[1]);
}

/**
 * CPU time of a PostgreSQL server's postmaster and its children (backends come and go, so this is
 * read at both ends; other PostgreSQL servers on the machine are not counted). Backends that
 * exited in between are lost, which is why the gateway's pools keep their connections.
 */
export function postgresCpuMs(postmaster: number): number {
  let total = cpuMsOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === postmaster) total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Resolves once none of `pids` used more than `idleMsPerSecond` ms of CPU in a second: queued work is done. */
export async function cpuSettled(pids: number[], idleMsPerSecond = 20): Promise<void> {
  let last = pids.map(cpuMsOf);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = pids.map(cpuMsOf);
    if (now.every((value, index) => value - last[index] <= idleMsPerSecond)) return;
    last = now;
  }
}
