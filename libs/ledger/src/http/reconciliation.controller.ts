import { ApiDoc, ApiTag, type Caller, CurrentCaller, RequirePermissions } from '@gateway/http-edge';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReconcileLedgerQuery } from '../application/reconcile/reconcile-ledger.query';
import { RECONCILIATION_SCHEMA, reconciliationToWire } from './reconciliation.response';

/** The caller's business and mode, reconciled (the CLI covers every business). */
@ApiTag('Balance')
@Controller('ledger')
export class ReconciliationController {
  constructor(private readonly queries: QueryBus) {}

  @Get('reconciliation')
  @ApiDoc({
    summary: 'Reconcile the ledger',
    description:
      "Checks the business's ledger in the key's mode: every balance equals the sum of its entries, " +
      'every transaction sums to zero, a replay of the event log gives the same journal, ' +
      'and cash and holding never went below zero.',
    operationId: 'reconcileLedger',
    response: RECONCILIATION_SCHEMA,
  })
  @RequirePermissions('audit:read')
  async reconcile(@CurrentCaller() caller: Caller) {
    const report = await this.queries.execute(
      new ReconcileLedgerQuery({ businessId: caller.businessId, mode: caller.mode }),
    );
    return reconciliationToWire(report);
  }
}
