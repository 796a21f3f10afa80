import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  totalMemoryGiB: number;
  node: string;
  /** @nestjs/core as installed: the framework every HTTP number runs on. */
  nest?: string;
  platform: string;
}

export function describeMachine(): MachineInfo {
  const cores = cpus();
  return {
    cpuModel: cpuModelFromProc() ?? cores[0]?.model ?? 'unknown',
    cores: cores.length,
    totalMemoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    nest: installedVersion('@nestjs/core'),
    platform: `${process.platform}-${process.arch}`,
  };
}

/** /proc/cpuinfo names the model even where os.cpus() reports a generic string. */
function cpuModelFromProc(): string | undefined {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim();
  } catch {
    return undefined;
  }
}

/** 1-minute load average: shows how much else was running (other processes share the cores). */
export function currentLoad(): number {
  return loadavg()[0];
}

function installedVersion(packageName: string): string | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(`${packageName}/package.json`) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
