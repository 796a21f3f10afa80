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

/** What the children `pid` has reaped spent (cutime + cstime): the kernel adds an exited child's CPU there. */
function reapedChildrenCpuMs(pid: number): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/**
 * CPU time of a PostgreSQL server's postmaster and its children (other PostgreSQL servers on the
 * machine are not counted). Backends come and go (a pool closes a connection idle for 10 s, and
 * opens one again when the load returns): a backend that exits moves its CPU from the live children
 * to the postmaster's reaped-children time, which is counted too, so a difference of two readings
 * keeps it. Without that, a pass in which idle backends exited could come out negative.
 */
export function postgresCpuMs(postmaster: number): number {
  let total = cpuMsOf(postmaster) + reapedChildrenCpuMs(postmaster);
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

/**
 * Minor page faults of a PostgreSQL server's processes (live children, plus what exited ones left in
 * the postmaster's reaped-children count). A backend faults the first time it touches each page of
 * shared memory, so the count grows with how many backends share the work (docs/benchmarks.md).
 */
export function postgresMinorFaults(postmaster: number): number {
  const faultsOf = (pid: number, reaped: boolean): number => {
    try {
      const fields = statFields(pid);
      return Number(fields[7]) + (reaped ? Number(fields[8]) : 0);
    } catch {
      return 0;
    }
  };
  let total = faultsOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === postmaster) total += faultsOf(Number(entry), false);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Context switches of the whole machine so far (`ctxt` in /proc/stat). On a virtual machine a switch
 * is dear (this one's kernel profile is topped by the hypervisor's interrupt re-enable), and every
 * round trip between a gateway process and a backend costs at least two.
 */
export function machineContextSwitches(): number {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('ctxt '));
  return line ? Number(line.split(' ')[1]) : 0;
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
