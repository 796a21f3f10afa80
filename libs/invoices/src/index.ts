export { InvoicesModule } from './invoices.module';
export { invoicesMigrations } from './read-models/invoices.migrations';
export { INVOICES_PROJECTION } from './read-models/invoices.projection';
export { PAYER_EMAILS_PROJECTION } from './read-models/payer-emails.projection';
export * from './domain/invoice.events';
export {
  MAGIC_PAID_AMOUNTS,
  INVOICE_MIN_AMOUNT,
  INVOICE_MAX_AMOUNT,
  RECURRING_MIN_AMOUNT,
  DEFAULT_INVOICE_DURATION_SECONDS,
  invoicePageUrl,
} from './domain/invoice.rules';
export * from './application/create-invoice/create-invoice.command';
export * from './application/pay-invoice/pay-invoice.command';
export * from './application/pay-by-card/pay-invoice-by-card.command';
export * from './application/pay-by-ewallet/pay-invoice-by-ewallet.command';
export * from './application/record-claimed-payment/record-claimed-payment.command';
export * from './application/callback-virtual-account/callback-virtual-account.queries';
export * from './application/callback-virtual-account/customer-virtual-account.command';
export * from './application/callback-virtual-account/transfer-to-fixed-virtual-account.command';
export { INVOICE_EWALLET_FOLLOWER } from './application/pay-by-ewallet/invoice-ewallet.follower';
export * from './application/expire-invoice/expire-invoice.command';
export * from './application/simulate-payment/simulate-payment.commands';
export * from './application/get-invoice/get-invoice.query';
export * from './application/list-invoices/list-invoices.query';
export * from './application/list-emails/list-payer-emails.query';
export { MailTransport, type OutboundMail } from './application/emails/mail-transport';
export { SmtpMailTransport, type SmtpTransportOptions } from './application/emails/smtp-mail-transport';
export { invoiceToWire, renderInvoiceCallback } from './http/invoice.response';
export { CreateInvoiceRequestDto, toCreateInvoiceRequest } from './http/invoice.request.dto';
export { POOL_NUMBER_EVENT_SCHEMAS } from './domain/pool-number.events';
export { INVOICE_PAGE_KEY_EVENT_SCHEMAS } from './domain/invoice-page-key.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { INVOICE_ERROR_CODES } from './domain/invoice.errors';
