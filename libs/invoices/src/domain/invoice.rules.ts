/** Spec: invoice amount 11,000 to 1,000,000,000 (IDR). */
export const INVOICE_MIN_AMOUNT = 11_000;
export const INVOICE_MAX_AMOUNT = 1_000_000_000;
/** Spec: expiry defaults to 24 hours after creation. */
export const DEFAULT_INVOICE_DURATION_SECONDS = 86_400;
/** Longest `invoice_duration` accepted: one year (not in the spec; keeps dates sane). */
export const MAX_INVOICE_DURATION_SECONDS = 31_536_000;
/** Test mode: an invoice of one of these amounts is paid at once (spec test-mode inputs). */
export const MAGIC_PAID_AMOUNTS: readonly number[] = [3_000_000, 2_000_000];
/** The two retail chains available for invoices (spec: "in test mode only two retail chains"). */
export const INVOICE_RETAIL_OUTLETS = ['ALFAMART', 'INDOMARET'] as const;

/** The payer's page of an invoice (`invoice_url`) under a public base URL. */
export function invoicePageUrl(publicBaseUrl: string, invoiceId: string): string {
  return `${publicBaseUrl}/web/invoices/${invoiceId}`;
}
