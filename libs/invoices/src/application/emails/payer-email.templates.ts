import type { InvoiceSnapshot } from '../../domain/invoice.events';

export type PayerEmailTemplate = 'invoice_created' | 'invoice_paid' | 'invoice_expired';

/** Plain-text payer emails (invoice created, paid, expired; recurring invoices likewise). */
export function renderPayerEmail(
  template: PayerEmailTemplate,
  invoice: InvoiceSnapshot,
): { subject: string; text: string } {
  const amount = `${invoice.currency} ${invoice.amount.toLocaleString('en-US')}`;
  const recurring = invoice.recurringPaymentId ? ' (recurring payment)' : '';
  switch (template) {
    case 'invoice_created':
      return {
        subject: `Invoice from ${invoice.merchantName}: ${amount}${recurring}`,
        text: [
          `${invoice.merchantName} sent you an invoice of ${amount}${recurring}.`,
          `Description: ${invoice.description}`,
          `Pay before ${invoice.expiryDate}: ${invoice.invoiceUrl}`,
          ...invoice.banks.map(
            (bank) =>
              `Bank transfer ${bank.bankCode}: virtual account ${bank.accountNumber}, amount ${bank.transferAmount}`,
          ),
          ...invoice.retailOutlets.map(
            (outlet) =>
              `${outlet.retailOutletName}: payment code ${outlet.paymentCode}, amount ${outlet.transferAmount}`,
          ),
        ].join('\n'),
      };
    case 'invoice_paid':
      return {
        subject: `Payment received by ${invoice.merchantName}: ${amount}`,
        text:
          `Thank you. Your payment of ${amount} to ${invoice.merchantName} for "${invoice.description}" was ` +
          `received${invoice.payment ? ` via ${invoice.payment.channel} on ${invoice.payment.paidAt}` : ''}.`,
      };
    case 'invoice_expired':
      return {
        subject: `Invoice from ${invoice.merchantName} expired`,
        text:
          `The invoice of ${amount} from ${invoice.merchantName} for "${invoice.description}" expired on ` +
          `${invoice.expiredAt ?? invoice.expiryDate} unpaid.`,
      };
  }
}
