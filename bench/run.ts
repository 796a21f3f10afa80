import { join, relative } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { measureBaseline } from './baseline/baseline';
import { BaselineProbe } from './baseline/baseline-probe';
import { BenchPostgres } from './core/bench-postgres';
import { currentLoad, describeMachine } from './core/machine-info';
import { repoRoot } from './core/repo-root';
import type { RunReport } from './core/run-report';
import type { BenchOptions, Scenario } from './core/scenario';
import { addRunToHistory } from './report/benchmarks-doc';
import { printReport } from './report/console-report';
import { writeJsonResults } from './report/json-results';
import { markdownSection } from './report/markdown-section';
import { edgeScenario } from './scenarios/edge/edge.scenario';
import { eventStoreScenario } from './scenarios/event-store/event-store.scenario';
import { webhooksScenario } from './scenarios/webhooks/webhooks.scenario';
import { ledgerScenario } from './scenarios/ledger/ledger.scenario';
import { cardsScenario } from './scenarios/cards/cards.scenario';
import { rebuildScenario } from './scenarios/rebuild/rebuild.scenario';
import { invoicesScenario } from './scenarios/invoices/invoices.scenario';
import { vaCallbackScenario } from './scenarios/va-callback/va-callback.scenario';
import { disbursementsScenario } from './scenarios/disbursements/disbursements.scenario';
import { chainCostScenario } from './scenarios/event-store/chain-cost.scenario';
import { scaleOutScenario } from './scenarios/scale-out/scale-out.scenario';

/** Every scenario `npm run bench` knows, in the order a full run executes them. Add new ones here. */
const SCENARIOS: Scenario[] = [
  eventStoreScenario,
  edgeScenario,
  cardsScenario,
  invoicesScenario,
  vaCallbackScenario,
  disbursementsScenario,
  scaleOutScenario,
  ledgerScenario,
  webhooksScenario,
  rebuildScenario,
  chainCostScenario,
];

const log = (line: string) => console.log(`[bench] ${line}`);

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('expected a number of seconds');
  return parsed * 1000;
}

/** The named scenarios in registry order (all when none is named); an unknown name is a usage error. */
function selectScenarios(program: Command): Scenario[] {
  const names = program.args;
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0)
    program.error(`error: unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return names.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => names.includes(scenario.name));
}

async function main(): Promise<void> {
  const program = new Command('bench')
    .description(`Runs benchmark scenarios (all when none is named): ${SCENARIOS.map((s) => s.name).join(', ')}`)
    .argument('[scenarios...]', 'scenario names')
    .option('--duration <seconds>', 'length of each timed measurement (paired ones: of each side)', seconds, 5000)
    .option('--warmup <seconds>', 'uncounted warm-up before each timed measurement', seconds, 500)
    .option('--no-docs', 'do not add the run to docs/benchmarks.md (the JSON is still written)')
    .parse();
  const flags = program.opts<{ duration: number; warmup: number; docs: boolean }>();
  const scenarios = selectScenarios(program);
  const options: BenchOptions = { durationMs: flags.duration, warmupMs: flags.warmup };

  const startedAt = new Date().toISOString();
  const loadAtStart = currentLoad();
  const machine = describeMachine();
  log(
    `${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; ` +
      `scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
  );
  const postgres = await BenchPostgres.start();
  try {
    const server = await postgres.describe();
    log(`${server.version} (${postgres.source})`);
    const { baseline, scenarios: results } = await measureAll(postgres, scenarios, options);
    const report: RunReport = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine,
      load: { atStart: loadAtStart, atEnd: currentLoad() },
      postgres: { source: postgres.source, ...server },
      options,
      baseline,
      scenarios: results,
    };
    await publish(report, flags.docs);
  } finally {
    await postgres.stop();
  }
}

/** The baseline first, then each scenario; the baseline's connections stay open for paired references. */
async function measureAll(
  postgres: BenchPostgres,
  scenarios: Scenario[],
  options: BenchOptions,
): Promise<Pick<RunReport, 'baseline' | 'scenarios'>> {
  const probe = await BaselineProbe.open(postgres);
  try {
    const baseline = await measureBaseline(probe, options, log);
    const results: RunReport['scenarios'] = [];
    for (const scenario of scenarios) {
      const measurements = await scenario.run({ postgres, options, baseline, probe, log });
      results.push({ name: scenario.name, description: scenario.description, measurements });
    }
    return { baseline, scenarios: results };
  } finally {
    await probe.close();
  }
}

/** Console table, raw JSON under bench/.results/ (git-ignored), and a History section in docs/benchmarks.md. */
async function publish(report: RunReport, writeDocs: boolean): Promise<void> {
  printReport(report, console.log);
  const root = repoRoot();
  const jsonPath = await writeJsonResults(join(root, 'bench', '.results'), report);
  log(`raw results: ${relative(root, jsonPath)}`);
  if (writeDocs) {
    await addRunToHistory(join(root, 'docs', 'benchmarks.md'), markdownSection(report, relative(root, jsonPath)));
    log('added this run to docs/benchmarks.md');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
