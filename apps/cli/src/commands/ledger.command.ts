import { type ReconciliationCheck, type ReconciliationReport, RunReconciliationCommand } from '@gateway/ledger';
import { CommandBus } from '@nestjs/cqrs';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { parseMode, print } from '../output';

const CHECKS: Record<ReconciliationCheck, string> = {
  balance_equals_entries: 'every balance equals the sum of its entries',
  transaction_sums_to_zero: 'every transaction sums to zero',
  replay_matches_journal: 'replaying the log into a scratch ledger gives the same balances',
};

export function registerLedgerCommands(program: Command): void {
  const ledger = program.command('ledger').description('The double-entry journal (cash, holding, tax)');

  ledger
    .command('reconcile')
    .description(
      'Check the journal against itself and against the event log, and that no CASH or HOLDING ever went below zero; ' +
        'exits 1 on any finding',
    )
    .option('--business <businessId>', 'only this business (default: all)')
    .option('--mode <mode>', 'only test or live (default: both)')
    .option('--json', 'machine-readable output')
    .action(async (options: { business?: string; mode?: string; json?: boolean }) => {
      const report = await withCliContext(async (app) => {
        const mode = options.mode === undefined ? undefined : parseMode(options.mode);
        const bar = options.json
          ? undefined
          : new SingleBar({
              format: 'replaying the log [{bar}] {percentage}% | {value}/{total} events',
              clearOnComplete: true,
            });
        let started = false;
        // Recorded with its time: the dashboard's finance page shows the last run.
        const result = await app.get(CommandBus).execute(
          new RunReconciliationCommand({ businessId: options.business, mode }, ({ read, total }) => {
            if (!bar) return;
            if (!started) bar.start(total ?? read, 0);
            started = true;
            bar.update(read, total !== undefined && read > total ? { total: read } : undefined);
          }),
        );
        bar?.stop();
        return result;
      });
      print(Boolean(options.json), report, () => humanReport(report, options.business));
      if (!report.ok) process.exitCode = 1;
    });
}

function humanReport(report: ReconciliationReport, business: string | undefined): string {
  const lines = [
    `Ledger reconciliation of ${business ?? 'every business'}` +
      `${report.scope.mode ? ` (${report.scope.mode} mode)` : ''}` +
      ` as of log position ${report.asOf ? `${report.asOf.commit}/${report.asOf.prepare}` : '(nothing journaled yet)'}`,
    `  ${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries, ` +
      `${report.eventsReplayed} events replayed, ${report.durationMs} ms`,
  ];
  for (const [check, label] of Object.entries(CHECKS) as [ReconciliationCheck, string][]) {
    const found = report.differences.filter((d) => d.check === check);
    lines.push(
      `  ${found.length === 0 ? 'ok  ' : 'FAIL'} ` +
        `${label}${found.length ? ` (${found.length} difference${found.length === 1 ? '' : 's'})` : ''}`,
    );
    for (const d of found.slice(0, 50)) {
      const where = [d.businessId, d.mode, d.currency, d.account ?? `transaction ${d.eventId}`].join(' / ');
      lines.push(`         ${where}: expected ${d.expected}, found ${d.actual}`);
    }
    if (found.length > 50) lines.push(`         ... and ${found.length - 50} more (use --json for all)`);
  }
  const overdrafts = report.overdraftCount;
  lines.push(
    `  ${overdrafts === 0 ? 'ok  ' : 'FAIL'} replayed in log order, ` +
      `CASH and HOLDING never went below ` +
      `zero${overdrafts ? ` (${overdrafts} overdraft${overdrafts === 1 ? '' : 's'})` : ''}`,
  );
  for (const o of report.overdrafts.slice(0, 50)) {
    lines.push(
      `         ${[o.businessId, o.mode, o.currency, o.account].join(' / ')}: ${o.amount} by ${o.eventType} ` +
        `${o.eventId} (${o.streamName}, position ${o.position.commit}/${o.position.prepare}) left ${o.balance}`,
    );
  }
  if (overdrafts > 50)
    lines.push(
      `         ... and ${overdrafts - 50} more (use --json for ` +
        `${report.overdrafts.length < overdrafts ? `the first ${report.overdrafts.length}` : 'all'})`,
    );
  lines.push(
    report.ok
      ? 'OK: no differences'
      : `DIFFERENCES FOUND: ${report.differences.length}, OVERDRAFTS FOUND: ${overdrafts}`,
  );
  return lines.join('\n');
}
