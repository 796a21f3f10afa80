import { AnchorWriter, AuditTrailVerifier, type AuditVerification } from '@gateway/audit';
import { AppConfig } from '@gateway/config';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { Pool } from 'pg';
import { withCliContext } from '../cli-context';
import { print } from '../output';
import { countEvents } from './event-count';

export function registerAuditCommands(program: Command): void {
  const audit = program
    .command('audit')
    .description('Tamper evidence: hash chains per stream and anchors over the global log');

  audit
    .command('verify')
    .description('Recompute every stream hash chain and every anchor; names the first broken link; exits 1 on any')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const report = await withCliContext(async (app) => {
        const total = await countEvents(app.get(Pool), app.get(AppConfig));
        const bar = options.json
          ? undefined
          : new SingleBar({
              format: 'verifying [{bar}] {percentage}% | {value}/{total} events | {eta}s left',
              clearOnComplete: true,
            });
        bar?.start(total ?? 0, 0);
        const result = await app
          .get(AuditTrailVerifier)
          .verify((events) =>
            bar?.update(events, total !== undefined && events > total ? { total: events } : undefined),
          );
        bar?.stop();
        return result;
      });
      print(Boolean(options.json), report, () => humanReport(report));
      if (!report.ok) process.exitCode = 1;
    });

  audit
    .command('anchor')
    .description(
      'Write an anchor over the events appended since the last one now (the worker does it every 15 minutes)',
    )
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const anchor = await withCliContext(async (app) => app.get(AnchorWriter).writeAnchor());
      const value = anchor
        ? {
            anchorId: anchor.anchorId,
            digest: anchor.digest,
            totalEvents: anchor.totalEvents,
            lastPosition: anchor.lastPosition,
          }
        : { anchorId: null, message: 'no events since the last anchor' };
      print(Boolean(options.json), value, () =>
        anchor
          ? `anchor ${anchor.anchorId}: ${anchor.digest} (${anchor.totalEvents} events)`
          : 'No events since the last anchor: nothing to seal',
      );
    });
}

function humanReport(report: AuditVerification): string {
  const lines = [
    `${report.events} events in ${report.streams} streams; ${report.anchorsChecked} anchors checked; ` +
      `${report.unanchoredEvents} events after the last anchor`,
  ];
  if (report.firstBrokenLink) {
    const link = report.firstBrokenLink;
    lines.push(
      `BROKEN: first broken link: stream ${link.stream} revision ` +
        `${link.revision}${link.eventId ? ` (event ${link.eventId})` : ''}: ${link.reason}`,
    );
    if (report.brokenLinks > 1) lines.push(`        ${report.brokenLinks - 1} more broken links`);
  }
  for (const anchor of report.brokenAnchors) lines.push(`BROKEN: anchor ${anchor.anchorId}: ${anchor.reason}`);
  if (report.ok) lines.push('OK: every chain and anchor verifies');
  return lines.join('\n');
}
