import { DomainError } from '@gateway/domain';
import {
  checkoutPath,
  EWALLET_AMOUNT_BOUNDS,
  type EwalletPaymentView,
  FindEwalletPaymentQuery,
  OVO_ASYNC_VERSION,
  RequestEwalletPaymentCommand,
} from '@gateway/ewallets';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { invoiceMoneyRecorder, type InvoiceSnapshot } from '../../domain/invoice.events';
import { pendingInvoice } from '../owned-invoice';
import { type EwalletCheckout, PayInvoiceByEwalletCommand } from './pay-invoice-by-ewallet.command';

/** eWallets the hosted page can pay with: those whose payer checks out on a page (no phone asked). */
export const PAGE_EWALLETS = ['DANA'] as const;
type PageEwallet = (typeof PAGE_EWALLETS)[number];

/** The eWallets this invoice's page offers: requested, enabled, and within the wallet's amount bounds. */
export function offeredEwallets(invoice: InvoiceSnapshot): PageEwallet[] {
  return PAGE_EWALLETS.filter(
    (type) =>
      invoice.paymentMethods.includes(type) &&
      invoice.amount >= EWALLET_AMOUNT_BOUNDS[type].min &&
      invoice.amount <= EWALLET_AMOUNT_BOUNDS[type].max,
  );
}

/**
 * One eWallet payment per invoice and wallet: its external id is derived from the invoice, so the
 * eWallets context's own reservation (first append with `no_stream`) makes a double click or two
 * tabs share one checkout. The payment carries `moneyRecordedBy` (the invoice records the money,
 * once) and expires with the invoice, so its checkout cannot be paid after the invoice expired.
 */
@CommandHandler(PayInvoiceByEwalletCommand)
export class PayInvoiceByEwalletHandler implements ICommandHandler<PayInvoiceByEwalletCommand, EwalletCheckout> {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: PayInvoiceByEwalletCommand): Promise<EwalletCheckout> {
    const invoice = await pendingInvoice(this.queries, command.invoiceId);
    const type = offeredEwallets(invoice).find((offered) => offered === command.ewalletType);
    if (!type) throw InvoiceErrors.methodNotOffered(command.ewalletType);
    const existing = await this.find(invoice, type);
    if (existing) return this.checkoutOf(invoice, existing);
    const context = { ...command.context, businessId: invoice.businessId, mode: invoice.mode };
    try {
      const requested: EwalletPaymentView = await this.commands.execute(
        new RequestEwalletPaymentCommand(
          invoice.businessId,
          invoice.mode,
          {
            ewalletType: type,
            externalId: ewalletExternalId(invoice.invoiceId),
            amount: invoice.amount,
            // Relative: the checkout is served by this same gateway, whatever PUBLIC_BASE_URL says.
            redirectUrl: invoicePagePath(invoice.invoiceId),
            expirationDate: invoice.expiryDate,
            moneyRecordedBy: invoiceMoneyRecorder(invoice.invoiceId),
          },
          OVO_ASYNC_VERSION,
          context,
        ),
      );
      return this.checkoutOf(invoice, requested);
    } catch (error) {
      // Lost a race with another click: the winner's checkout is the one.
      if (!(error instanceof DomainError && error.code === 'DUPLICATE_ERROR')) throw error;
      const winner = await this.find(invoice, type);
      if (!winner) throw error;
      return this.checkoutOf(invoice, winner);
    }
  }

  private find(invoice: InvoiceSnapshot, type: PageEwallet): Promise<EwalletPaymentView | undefined> {
    return this.queries.execute(
      new FindEwalletPaymentQuery(invoice.businessId, invoice.mode, type, ewalletExternalId(invoice.invoiceId)),
    );
  }

  private checkoutOf(invoice: InvoiceSnapshot, payment: EwalletPaymentView): EwalletCheckout {
    // Paid already (the invoice follows in a moment) or over: back to the invoice's page, which tells.
    if (payment.status !== 'PENDING' || !payment.checkoutToken)
      return { checkoutPath: invoicePagePath(invoice.invoiceId) };
    return { checkoutPath: checkoutPath(payment.checkoutToken) };
  }
}

/** The external id of an invoice's eWallet payment (what its checkout page and GET /ewallets show). */
export const ewalletExternalId = (invoiceId: string) => `invoice_${invoiceId}`;

const invoicePagePath = (invoiceId: string) => `/web/invoices/${invoiceId}`;
