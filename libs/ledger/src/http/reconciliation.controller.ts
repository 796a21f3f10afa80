import { type Caller, CurrentCaller, RequirePermissions } from '@gateway/platform';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReconcileLedgerQuery } from '../application/reconcile/reconcile-ledger.query';
import { reconciliationToWire } from './reconciliation.response';

/** The caller's business and mode, reconciled (the CLI covers every business). */
@Controller('ledger')
export class ReconciliationController {
  constructor(private readonly queries: QueryBus) {}

  @Get('reconciliation')
  @RequirePermissions('audit:read')
  async reconcile(@CurrentCaller() caller: Caller) {
    const report = await this.queries.execute(new ReconcileLedgerQuery({ businessId: caller.businessId, mode: caller.mode }));
    return reconciliationToWire(report);
  }
}
