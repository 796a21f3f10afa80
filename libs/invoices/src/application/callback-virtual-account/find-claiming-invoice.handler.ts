import { CombinedLookups, type LookupKind } from '@gateway/database';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindInvoiceClaimingVirtualAccountQuery } from './callback-virtual-account.queries';

/**
 * The claim look-up as a kind of `CombinedLookups`: each key is one question (a JSON object with
 * the business, the mode, the `banks` document an offering invoice contains, and the instant), and
 * each answers the oldest PENDING invoice that offers the account for the amount. Only invoices
 * that offer a fixed VA can claim a payment into one: the same predicate as the partial index
 * `invoices_pending_fixed_va`, written in literals so the one generic plan still probes that index
 * with each key's bank containment.
 *
 * Asked on every payment into a fixed VA, a statement of its own cost that payment a round trip
 * (the only one of its look-ups that did not leave with the others: docs/benchmarks.md,
 * "Fourteenth look"); as a kind, it leaves with the payment's other look-ups and its neighbours'.
 */
export const CLAIMING_INVOICE_LOOKUP: LookupKind<string> = {
  name: 'invoices_claiming_fixed_va',
  sql: `SELECT asked.key, claim.invoice_id
          FROM unnest($1::text[]) AS asked(key)
          CROSS JOIN LATERAL (SELECT asked.key::jsonb AS q) AS parsed
          CROSS JOIN LATERAL (
            SELECT i.invoice_id FROM invoices i
             WHERE i.business_id = parsed.q->>'businessId' AND i.mode = parsed.q->>'mode'
               AND i.status = 'PENDING'
               AND (i.snapshot ? 'callbackVirtualAccountId' OR i.snapshot->>'fixedVa' = 'true')
               AND i.snapshot->'banks' @> (parsed.q->'banks')
               AND (i.snapshot->>'expiryDate')::timestamptz > (parsed.q->>'now')::timestamptz
             ORDER BY i.created_at, i.invoice_id
             LIMIT 1) AS claim`,
  keyOf: (row) => row.key as string,
  valueOf: (row) => row.invoice_id as string,
};

/** The key of one question: the same question asked twice at once is one key, answered once. */
export function claimingInvoiceKey(query: FindInvoiceClaimingVirtualAccountQuery): string {
  return JSON.stringify({
    businessId: query.businessId,
    mode: query.mode,
    banks: [{ callbackVirtualAccountId: query.vaId, transferAmount: query.amount }],
    now: query.now.toISOString(),
  });
}

@QueryHandler(FindInvoiceClaimingVirtualAccountQuery)
export class FindInvoiceClaimingVirtualAccountHandler implements IQueryHandler<FindInvoiceClaimingVirtualAccountQuery> {
  private readonly lookup: (key: string) => Promise<string | undefined>;

  constructor(lookups: CombinedLookups) {
    this.lookup = lookups.kind(CLAIMING_INVOICE_LOOKUP);
  }

  execute(query: FindInvoiceClaimingVirtualAccountQuery): Promise<string | undefined> {
    return this.lookup(claimingInvoiceKey(query));
  }
}
