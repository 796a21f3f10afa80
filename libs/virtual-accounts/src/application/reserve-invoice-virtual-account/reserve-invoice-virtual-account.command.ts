import type { Mode, RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';

/**
 * For the invoices context (issue 8): a pool account for one invoice. It is closed (only
 * `transferAmount` can be paid), single use and expires with the invoice; its number comes from
 * the same range as fixed accounts. It sends no `fva_status`/`fva_paid` callbacks (the invoice
 * sends its own); its payment still emits the ledger's `MoneyInReceived` (source
 * `virtual-accounts`), so the invoice context must not emit money events for it. React to
 * `VirtualAccountPaid` events whose `snapshot.origin` is `{kind: 'invoice', invoiceId}`.
 */
export class ReserveInvoiceVirtualAccountCommand extends Command<VirtualAccountSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly invoiceId: string,
    readonly externalId: string,
    readonly bankCode: string,
    readonly name: string,
    readonly transferAmount: number,
    readonly expiresAt: Date,
    readonly context: RequestContext,
  ) {
    super();
  }
}
