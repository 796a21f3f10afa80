import { DomainError } from '@gateway/domain';
import { GetInvoiceQuery, type InvoiceSnapshot } from '@gateway/invoices';
import type { Mode } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { roleCan } from '../../domain/roles';
import { formKeyField } from '../kit/action-runner';
import { html, type SafeHtml } from '../kit/html';
import { csrfField } from '../kit/layout';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import { type TestPayment, testPaymentHref } from './test-payment-links';
import type { DetailContext, TransactionDetail, TransactionSource } from './transaction-source';

@Injectable()
export class InvoicesTransactionSource implements TransactionSource {
  readonly id = 'invoices';

  constructor(private readonly queries: QueryBus) {}

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    const invoice = await this.byId(context.businessId, context.mode, id);
    if (!invoice) return undefined;
    const fields: [string, string | SafeHtml][] = [
      ['Id', invoice.invoiceId],
      ['External id', invoice.externalId],
      ['Status', html`<span id="invoice-status">${invoice.status}</span>`],
      ['Amount', formatMoney(invoice.amount, invoice.currency)],
      ['Description', invoice.description],
      ['Payer email', invoice.payerEmail],
      ...(invoice.recurringPaymentId
        ? ([
            [
              'Recurring plan',
              html`<a href="/dashboard/recurring-plans/${encodeURIComponent(invoice.recurringPaymentId)}">\
${invoice.recurringPaymentId}</a>`,
            ],
          ] as [string, SafeHtml][])
        : []),
      ...(invoice.payment
        ? ([
            [
              'Paid with',
              html`${invoice.payment.method} ${invoice.payment.channel} ${invoice.payment.destination} (${timeHtml(
                invoice.payment.paidAt,
                context.zone,
              )})`,
            ],
          ] as [string, SafeHtml][])
        : []),
      ['Expires', timeHtml(invoice.expiryDate, context.zone)],
      ['Created', timeHtml(invoice.createdAt, context.zone)],
      ['Updated', timeHtml(invoice.updatedAt, context.zone)],
    ];
    return {
      fields,
      history: { resource: 'invoice', id: invoice.invoiceId },
      sections: [this.link(context, invoice), this.methods(context, invoice)],
    };
  }

  /** The payer's link (with a copy button) and, while it can be paid, the way to expire it. */
  private link(context: DetailContext, invoice: InvoiceSnapshot): SafeHtml {
    const canExpire = invoice.status === 'PENDING' && roleCan(context.session.role, 'payments:manage');
    return html`<section class="card" aria-labelledby="link-h"><h2 id="link-h">Payment link</h2>
<label for="invoice-url">Send this link to the payer</label>
<div class="copy-row"><input id="invoice-url" type="text" readonly value="${invoice.invoiceUrl}">\
<button type="button" class="secondary" data-copy="invoice-url" hidden>Copy link</button></div>
<p><a href="${invoice.invoiceUrl}" id="open-invoice-page">Open the payer's page</a></p>
${
  canExpire
    ? html`<form method="post" action="/dashboard/invoices/${encodeURIComponent(invoice.invoiceId)}/expire">\
${csrfField(context.session)}${formKeyField()}<button type="submit" class="danger" id="expire-invoice">Expire \
invoice…</button></form>`
    : ''
}
</section>`;
  }

  /** What the payer can pay with; in test mode, each number or code opens the test tools with the exact amount. */
  private methods(context: DetailContext, invoice: InvoiceSnapshot): SafeHtml {
    if (invoice.banks.length === 0 && invoice.retailOutlets.length === 0) return html``;
    const payable =
      invoice.status === 'PENDING' && context.mode === 'test' && roleCan(context.session.role, 'test-tools:use');
    const row = (method: string, payment: TestPayment & { amount: number }) =>
      html`<tr><td>${method}</td><td><code>${payment.number}</code></td><td>\
${formatMoney(payment.amount, invoice.currency)}</td>
${
  payable
    ? html`<td><a href="${testPaymentHref(payment)}" data-pay="${payment.channel}">Pay ${payment.channel} \
in test tools</a></td>`
    : ''
}</tr>`;
    return html`<section class="card" aria-labelledby="methods-h"><h2 id="methods-h">Numbers and codes</h2>
<div class="table-wrap" tabindex="0"><table id="invoice-methods"><thead><tr><th scope="col">Method</th>\
<th scope="col">Number or code</th><th scope="col">Amount to pay</th>${
      payable ? html`<th scope="col">Test mode</th>` : ''
    }</tr></thead><tbody>
${invoice.banks.map(({ bankCode: channel, accountNumber: number, transferAmount: amount, callbackVirtualAccountId }) =>
  row(`${channel} virtual account${callbackVirtualAccountId ? ' (fixed)' : ''}`, {
    method: 'va',
    channel,
    number,
    amount,
  }),
)}
${invoice.retailOutlets.map(({ retailOutletName: channel, paymentCode: number, transferAmount: amount }) =>
  row(channel, { method: 'retail', channel, number, amount }),
)}
</tbody></table></div></section>`;
  }

  private async byId(businessId: string, mode: Mode, id: string): Promise<InvoiceSnapshot | undefined> {
    try {
      return await this.queries.execute(new GetInvoiceQuery(businessId, mode, id));
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }
}
