import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inlinedPipelineIn, scanApplicationSources } from './inlined-pipeline-scan';

/**
 * Issue 22: no handler, job or follower inlines "clock → load → decide → append with retry →
 * wait": they declare a command and the pipeline runs it. This test keeps it so.
 */
describe('application code goes through the command pipeline', () => {
  it('no file under libs/*/src/application inlines decide, append, metadata or the read-your-writes wait', () => {
    const repository = resolve(__dirname, '../../../..');
    expect(scanApplicationSources(repository)).toEqual([]);
  });

  it('fails on a deliberately bad handler', () => {
    const root = mkdtempSync(join(tmpdir(), 'pipeline-guard-'));
    try {
      const dir = join(root, 'libs', 'shop', 'src', 'application', 'buy');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'buy.handler.ts'),
        [
          "import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';",
          "import { ProjectionProgress } from '@gateway/projections';",
          'export class BuyHandler {',
          '  async execute() {',
          '    const decision = await decideAndAppend(this.store, stream, decider, command, metadata);',
          '    await this.store.append(stream, events, decision.revision);',
          '    await this.progress.waitFor(SHOP_PROJECTION, decision.appended.position, 10_000);',
          '  }',
          '}',
        ].join('\n'),
      );
      const rules = scanApplicationSources(root).map(({ file, rule, line }) => `${file}:${line} ${rule}`);
      expect(rules).toEqual([
        'libs/shop/src/application/buy/buy.handler.ts:1 decides or appends outside the pipeline',
        'libs/shop/src/application/buy/buy.handler.ts:5 decides or appends outside the pipeline',
        'libs/shop/src/application/buy/buy.handler.ts:6 appends to the event store directly',
        'libs/shop/src/application/buy/buy.handler.ts:2 waits for a read model outside the pipeline',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads past comments, and lets a handler declare its command to the pipeline', () => {
    const declared = [
      "import { CommandPipeline } from '@gateway/event-store';",
      '// Not decideAndAppend: the pipeline appends.',
      'await this.pipeline.run({ context, stream, decider, command, readYourWrites: { projection: SHOP } });',
    ].join('\n');
    expect(inlinedPipelineIn('libs/shop/src/application/buy.handler.ts', declared)).toEqual([]);
  });
});
