import type { ClaimLookup } from '@gateway/fixed-instruments';
import { FindInvoiceClaimingVirtualAccountQuery } from '@gateway/invoices';
import type { Mode } from '@gateway/clock';
import type { QueryBus } from '@nestjs/cqrs';

/**
 * The invoice a payment of `amount` into a fixed account pays, asked through the invoices
 * context's port: the oldest PENDING invoice that offers the account for that amount.
 */
export function invoiceClaimOf(queries: QueryBus, businessId: string, mode: Mode, amount: number): ClaimLookup {
  return async (vaId, now) => {
    const invoiceId = await queries.execute(
      new FindInvoiceClaimingVirtualAccountQuery(businessId, mode, vaId, amount, now),
    );
    return invoiceId ? { context: 'invoices', resourceId: invoiceId } : undefined;
  };
}
