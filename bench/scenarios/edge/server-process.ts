import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

export interface ServerProcessOptions {
  /** For messages: "bare app", "gateway". */
  name: string;
  /** The compiled entry point, run by this Node binary. */
  script: string;
  args?: string[];
  /** Flags for node itself, e.g. --cpu-prof. */
  nodeArgs?: string[];
  env: NodeJS.ProcessEnv;
}

/** How much of the child's output is kept: enough to find its start-up lines and to explain a failure. */
const OUTPUT_TAIL_CHARS = 32_768;
const MIB = 1024 * 1024;
/** USER_HZ is 100 on every mainstream Linux build (`getconf CLK_TCK`). */
const MS_PER_TICK = 10;
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Servers still running; killed if the benchmark exits or is signalled without stopping them. */
const running = new Set<ServerProcess>();

/**
 * An HTTP server under test in its own process (so it does not share an event loop with the load
 * generator). Its stdout and stderr are always drained (a full pipe would stall it) and the last
 * part is kept. Every instance is killed when the benchmark process exits, also on errors.
 */
export class ServerProcess {
  private output = '';
  private exit?: { code: number | null; signal: NodeJS.Signals | null };
  private readonly exited: Promise<void>;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
      for (const listener of this.listeners) listener();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        forget(this);
        for (const listener of this.listeners) listener();
        resolve();
      });
    });
    child.once('error', (error) => collect(Buffer.from(`\n[spawn error] ${error.message}\n`)));
  }

  static start(options: ServerProcessOptions): ServerProcess {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])], {
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(options.name, child);
    remember(server);
    // A server left running by mistake must not keep the benchmark alive: the exit hook kills it.
    child.unref();
    // With stdio 'pipe', stdout and stderr are net.Sockets.
    (child.stdout as Socket | null)?.unref();
    (child.stderr as Socket | null)?.unref();
    return server;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} did not start: ${this.outputTail()}`);
    return this.child.pid;
  }

  /** The first match of `pattern` in the output; fails if the process exits or `timeoutMs` passes first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(this.output);
        if (match) return done(() => resolve(match));
        const exit = this.exit;
        if (exit)
          return done(() =>
            reject(
              new Error(
                `${this.name} exited (${describeExit(exit)}) before printing ${pattern}:\n${this.outputTail()}`,
              ),
            ),
          );
      };
      const timer = setTimeout(
        () =>
          done(() =>
            reject(new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms:\n${this.outputTail()}`)),
          ),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        settle();
      };
      this.listeners.add(check);
      check();
    });
  }

  /**
   * The kernel's high-water mark of the process's resident set (VmHWM): the exact peak since it
   * started, with no sampling gaps. Undefined where /proc is not available.
   */
  peakRssMiB(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kib = /^VmHWM:\s*(\d+)\s*kB/m.exec(status)?.[1] ?? /^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1];
      return kib === undefined ? undefined : (Number(kib) * 1024) / MIB;
    } catch {
      return undefined;
    }
  }

  /**
   * CPU time the process has used so far, user + system, all threads (utime + stime in
   * /proc/<pid>/stat, in USER_HZ ticks of 10 ms). Undefined where /proc is not available.
   */
  cpuTimeMs(): number | undefined {
    try {
      const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
    } catch {
      return undefined;
    }
  }

  /** The last lines the process wrote, for error messages. */
  outputTail(lines = 40): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  /** SIGTERM (so a graceful shutdown can run, and --cpu-prof can write its profile), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.exit || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.ref(); // keep the event loop alive until the exit is seen
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, graceMs);
    });
    await Promise.race([this.exited, killed]);
    clearTimeout(timer);
    await this.exited;
  }

  /** Last resort (process exit, signal): no grace. */
  killNow(): void {
    if (!this.exit) this.child.kill('SIGKILL');
  }
}

function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

function killAll(): void {
  for (const server of running) server.killNow();
}

/** Kills the servers, then lets the signal do what it would have done without this handler. */
function onSignal(signal: NodeJS.Signals): void {
  killAll();
  uninstallHooks();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHooks(): void {
  process.on('exit', killAll);
  for (const signal of EXIT_SIGNALS) process.on(signal, onSignal);
}

function uninstallHooks(): void {
  process.off('exit', killAll);
  for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
}

function remember(server: ServerProcess): void {
  if (running.size === 0) installHooks();
  running.add(server);
}

function forget(server: ServerProcess): void {
  if (running.delete(server) && running.size === 0) uninstallHooks();
}
