import { readFileSync } from 'node:fs';

/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`, e.g. `BENCH_EDGE_CPU_PROF=<dir> npm run
 * bench -- edge`): self time by package and by function, and inclusive time of the project's own
 * functions (what a request spends under each guard, middleware or handler).
 *
 *   node dist/bench/tools/cpu-profile-summary.js <file.cpuprofile> [--top 30] [--callers <name> [--depth 4]]
 *
 * `--callers writev [--depth 4]` also lists the call chains (that many frames, from the function
 * up) that lead to functions whose name or location contains `writev`, by the time spent in them.
 *
 * Percentages are of busy time (all samples except `(idle)`), so time between passes does not
 * dilute them. `--since writeHead` skips everything before the first sample whose stack holds a
 * function matching `writeHead` (start-up, say); `--per 123456` adds a column of µs per unit
 * (e.g. per request, when 123,456 requests were answered after that point). `--inclusive
 * bind,deprecate` adds the inclusive time of every function (anywhere, also in node_modules)
 * whose name or location contains one of those strings.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function main(): void {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const top = Number(valueOf('--top') ?? 30);
  const callers = valueOf('--callers');
  const depth = Number(valueOf('--depth') ?? 4);
  const since = valueOf('--since');
  const per = valueOf('--per') === undefined ? undefined : Number(valueOf('--per'));
  const inclusiveOf = valueOf('--inclusive')?.split(',').filter(Boolean);
  const files = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  if (files.length === 0) {
    console.error(
      'usage: node dist/bench/tools/cpu-profile-summary.js <file.cpuprofile>... [--top N] [--callers NAME]',
    );
    process.exitCode = 2;
    return;
  }
  for (const file of files)
    summarise(file, JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, {
      top,
      callersOf: callers ? { name: callers, depth } : undefined,
      since,
      per,
      inclusiveOf,
    });
}

interface SummaryOptions {
  top: number;
  callersOf?: { name: string; depth: number };
  since?: string;
  per?: number;
  inclusiveOf?: string[];
}

function summarise(
  file: string,
  profile: CpuProfile,
  { top, callersOf, since, per, inclusiveOf = [] }: SummaryOptions,
): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const callerChains = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  const stackHas = (leafId: number, name: string) => {
    for (let id: number | undefined = leafId; id !== undefined; id = parentOf.get(id))
      if (functionKey(byId.get(id)!.callFrame).includes(name)) return true;
    return false;
  };
  const first = since === undefined ? 0 : profile.samples.findIndex((id) => stackHas(id, since));
  if (first === -1) throw new Error(`${file}: no sample has "${since}" on its stack`);
  // timeDeltas[i + 1] is the time from sample i to the next one: the time sample i stands for.
  for (let i = first; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(profile.samples[i])!;
    if (leaf.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    add(self, functionKey(leaf.callFrame), us);
    add(byPackage, packageOf(leaf.callFrame), us);
    if (callersOf) {
      const chain = callerChain(leaf.id, callersOf.name, callersOf.depth, byId, parentOf);
      if (chain) add(callerChains, chain, us);
    }
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
      const frame = byId.get(id)!.callFrame;
      const key = functionKey(frame);
      if (!isProjectCode(frame.url) && !inclusiveOf.some((name) => key.includes(name))) continue;
      if (seen.has(key)) continue; // recursion counts once per sample
      seen.add(key);
      add(inclusive, key, us);
    }
  }

  const pct = (us: number) => `${((100 * us) / busyUs).toFixed(1).padStart(5)}%`;
  const ms = (us: number) =>
    `${Math.round(us / 1000)
      .toLocaleString('en')
      .padStart(7)} ms${per ? ` ${(us / per).toFixed(1).padStart(7)} µs/unit` : ''}`;
  const print = (title: string, entries: Map<string, number>, limit: number) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit))
      console.log(`${pct(us)} ${ms(us)}  ${key}`);
  };
  console.log(`\n=== ${file}`);
  const skipped = since ? `, from the first sample with "${since}" on its stack` : '';
  console.log(
    `busy ${ms(busyUs).trim()}, idle ${ms(idleUs).trim()}, ` +
      `${(profile.samples.length - first).toLocaleString('en')} samples${skipped}`,
  );
  print('Self time by package', byPackage, 25);
  print(`Self time by function (top ${top})`, self, top);
  const named = inclusiveOf.length > 0 ? ` and of functions matching ${inclusiveOf.join(', ')}` : '';
  print(`Inclusive time of project functions (libs/, apps/, bench/)${named} (top ${top})`, inclusive, top);
  if (callersOf) print(`Call chains into "${callersOf.name}" (inclusive time; top ${top})`, callerChains, top);
}

/** The frame nearest the leaf whose key contains `name`, with the frames above it (`depth` in all). */
function callerChain(
  leafId: number,
  name: string,
  depth: number,
  byId: Map<number, ProfileNode>,
  parentOf: Map<number, number>,
): string | undefined {
  let id: number | undefined = leafId;
  while (id !== undefined && !functionKey(byId.get(id)!.callFrame).includes(name)) id = parentOf.get(id);
  if (id === undefined) return undefined;
  const chain: string[] = [];
  for (; id !== undefined && chain.length < depth; id = parentOf.get(id))
    chain.push(functionKey(byId.get(id)!.callFrame).replace(/\s+/g, ' '));
  return chain.join('  <-  ');
}

function add(map: Map<string, number>, key: string, us: number): void {
  map.set(key, (map.get(key) ?? 0) + us);
}

function functionKey(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  return `${name}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) return path.slice(modules + '/node_modules/'.length);
  const dist = path.indexOf('/dist/');
  return dist !== -1 ? path.slice(dist + '/dist/'.length) : path;
}

function isProjectCode(url: string): boolean {
  return /\/dist\/(libs|apps|bench)\//.test(url) && !url.includes('/node_modules/');
}

/** `(garbage collector)`, `node internals`, an npm package, or `libs/<name>` / `apps/<name>`. */
function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  if (url.startsWith('node:')) return 'node internals';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const [first, second] = path.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const project = /\/dist\/((?:libs|apps|bench)\/[^/]+)/.exec(path);
  return project ? project[1] : path;
}

main();
