import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { FindInvoiceClaimingVirtualAccountQuery } from './callback-virtual-account.queries';

@QueryHandler(FindInvoiceClaimingVirtualAccountQuery)
export class FindInvoiceClaimingVirtualAccountHandler implements IQueryHandler<FindInvoiceClaimingVirtualAccountQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: FindInvoiceClaimingVirtualAccountQuery): Promise<string | undefined> {
    // Only invoices that offer a fixed VA can claim a payment into one: the same predicate as the
    // partial index `invoices_pending_fixed_va`, whose entries the bank containment then probes.
    // A prepared statement (one generic plan, see GATEWAY_SESSION_OPTIONS): planning it cost more than
    // running it. The index's predicate is in literals, so that plan still probes it.
    const { rows } = await this.pool.query<{ invoice_id: string }>({
      name: 'invoices_claiming_fixed_va',
      text: `SELECT invoice_id FROM invoices
        WHERE business_id = $1 AND mode = $2 AND status = 'PENDING'
          AND (snapshot ? 'callbackVirtualAccountId' OR snapshot->>'fixedVa' = 'true')
          AND snapshot->'banks' @> $3::jsonb
          AND (snapshot->>'expiryDate')::timestamptz > $4
        ORDER BY created_at, invoice_id
        LIMIT 1`,
      values: [
        query.businessId,
        query.mode,
        JSON.stringify([{ callbackVirtualAccountId: query.vaId, transferAmount: query.amount }]),
        query.now,
      ],
    });
    return rows[0]?.invoice_id;
  }
}
