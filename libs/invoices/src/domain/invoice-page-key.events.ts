import { declareEventSchemas, type DomainEvent } from '@gateway/domain';

/**
 * The public key the hosted invoice page hands to cards.js, minted once per business and mode
 * (application/pay-by-card/page-public-key.ts writes it; its stream is `invoicepagekey-...`).
 */
export type InvoicePageKeyIssued = DomainEvent<'InvoicePageKeyIssued', { keyId: string; publicKey: string }>;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const INVOICE_PAGE_KEY_EVENT_SCHEMAS = declareEventSchemas<InvoicePageKeyIssued>('invoices', {
  InvoicePageKeyIssued: 1,
});
