import { Query } from '@nestjs/cqrs';

export interface PayerEmailView {
  id: string;
  invoiceId: string;
  recurringPaymentId: string | null;
  template: string;
  to: string;
  subject: string;
  text: string;
  created: string;
}

/** `GET /email_outbox`: what the business's payers were (or, in test mode, would have been) sent. */
export class ListPayerEmailsQuery extends Query<PayerEmailView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly filter: { invoiceId?: string; recurringPaymentId?: string; limit?: number },
  ) {
    super();
  }
}
