export interface OutboundMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** The outbound mail port: the outbox keeps every payer email; a transport also delivers it. */
export abstract class MailTransport {
  abstract readonly name: string;
  abstract send(mail: OutboundMail): Promise<void>;
}

/** The default (and test mode, always): mail stays in the outbox, listed by `GET /email_outbox`. */
export class OutboxOnlyTransport extends MailTransport {
  readonly name = 'outbox';
  async send(): Promise<void> {
    // Nothing leaves the gateway.
  }
}
