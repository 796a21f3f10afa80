import { Injectable } from '@nestjs/common';
import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/platform';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { nextExecutionTime } from '../domain/operating-windows';
import { DISBURSEMENT_EVENT_TYPES, type DisbursementEvent } from '../domain/disbursement.events';

export const DISBURSEMENTS_PROJECTION = 'disbursements.disbursements';
export const EXECUTE_TRANSFER_JOB = 'disbursements.execute-transfer';

export interface ExecuteTransferPayload {
  disbursementId: string;
}

/**
 * The disbursements GETs read, and the rail's timer: a created disbursement gets its transfer
 * job, due at the next opening of its operating window on the business's clock, in the same
 * transaction as its row.
 */
@ReadModelProjection()
@Injectable()
export class DisbursementsProjection implements Projection {
  readonly name = DISBURSEMENTS_PROJECTION;
  readonly tables = ['disbursements'];
  readonly eventTypes = DISBURSEMENT_EVENT_TYPES;

  constructor(private readonly scheduler: Scheduler) {}

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as DisbursementEvent;
      switch (event.type) {
        case 'DisbursementCreated': {
          const d = event.data;
          const { rowCount } = await tx.query(
            `INSERT INTO disbursements (disbursement_id, business_id, mode, external_id, amount, currency, bank_code, account_holder_name,
                                        account_number, description, status, is_instant, batch_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'PENDING', $11, $12, $13, $13) ON CONFLICT (disbursement_id) DO NOTHING`,
            [d.disbursementId, d.businessId, d.mode, d.externalId, d.amount, d.currency, d.bankCode, d.accountHolderName, d.accountNumber, d.description, d.isInstant, d.batchId ?? null, d.createdAt],
          );
          if (rowCount === 0) break;
          const payload: ExecuteTransferPayload = { disbursementId: d.disbursementId };
          await this.scheduler.schedule(
            {
              kind: EXECUTE_TRANSFER_JOB,
              key: `disbursement-execute:${d.disbursementId}`,
              payload,
              dueAt: nextExecutionTime(new Date(d.createdAt), d.isInstant),
              businessId: d.businessId,
              mode: d.mode,
            },
            tx as never,
          );
          break;
        }
        case 'DisbursementCompleted':
          await tx.query(`UPDATE disbursements SET status = 'COMPLETED', updated_at = $2 WHERE disbursement_id = $1`, [event.data.disbursementId, event.data.completedAt]);
          break;
        case 'DisbursementFailed':
          await tx.query(`UPDATE disbursements SET status = 'FAILED', failure_code = $2, updated_at = $3 WHERE disbursement_id = $1`, [
            event.data.disbursementId,
            event.data.failureCode,
            event.data.failedAt,
          ]);
          break;
        default:
          assertNever(event, 'disbursement event');
      }
    }
  }
}
