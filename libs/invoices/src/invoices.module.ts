import { InvoicesAuditedResources } from './application/invoices-audited-resources';
// prettier-ignore
import {
  PayFromPageByFixedVirtualAccountHandler,
} from './application/simulate-payment/pay-from-page-by-fixed-va.handler';
import { AppConfig } from '@gateway/config';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateInvoiceHandler } from './application/create-invoice/create-invoice.handler';
import { MailTransport, OutboxOnlyTransport } from './application/emails/mail-transport';
import { SendPayerEmailJob } from './application/emails/send-payer-email.job';
import { SmtpMailTransport } from './application/emails/smtp-mail-transport';
import { ExpireInvoiceHandler } from './application/expire-invoice/expire-invoice.handler';
import { ExpireInvoiceJob } from './application/expire-invoice/expire-invoice.job';
import { GetInvoiceHandler, GetPublicInvoiceHandler } from './application/get-invoice/get-invoice.handler';
import { ListPayerEmailsHandler } from './application/list-emails/list-payer-emails.handler';
import { ListInvoicesHandler } from './application/list-invoices/list-invoices.handler';
import { InvoicePagePublicKeys } from './application/pay-by-card/page-public-key';
import { PayInvoiceByCardHandler } from './application/pay-by-card/pay-invoice-by-card.handler';
import { CaptureCardChargeJob } from './application/pay-by-card/capture-card-charge.job';
import { PayInvoiceHandler } from './application/pay-invoice/pay-invoice.handler';
// prettier-ignore
import {
  FindInvoiceClaimingVirtualAccountHandler,
} from './application/callback-virtual-account/find-claiming-invoice.handler';
import { InvoiceEwalletFollower } from './application/pay-by-ewallet/invoice-ewallet.follower';
import { PayInvoiceByEwalletHandler } from './application/pay-by-ewallet/pay-invoice-by-ewallet.handler';
// prettier-ignore
import {
  RecordClaimedInvoicePaymentHandler,
} from './application/record-claimed-payment/record-claimed-payment.handler';
import { PoolAllocator } from './application/pool-allocator';
import { InvoiceSettlementFollower } from './application/settle-invoice/invoice-settlement.follower';
import {
  PayInvoiceByRetailCodeHandler,
  SimulatePoolVirtualAccountPaymentHandler,
} from './application/simulate-payment/simulate-payment.handlers';
import { EmailOutboxController } from './http/email-outbox.controller';
import { InvoiceCallbackRenderer } from './http/invoice-callback.renderer';
import { InvoicePageController } from './http/invoice-page.controller';
import { InvoicesController } from './http/invoices.controller';
import { InvoicesProjection } from './read-models/invoices.projection';
import { PayerEmailsProjection } from './read-models/payer-emails.projection';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [
    CreateInvoiceHandler,
    PayInvoiceHandler,
    PayInvoiceByCardHandler,
    PayInvoiceByEwalletHandler,
    RecordClaimedInvoicePaymentHandler,
    ExpireInvoiceHandler,
    SimulatePoolVirtualAccountPaymentHandler,
    PayFromPageByFixedVirtualAccountHandler,
    PayInvoiceByRetailCodeHandler,
  ],
  queryHandlers: [
    FindInvoiceClaimingVirtualAccountHandler,
    GetInvoiceHandler,
    GetPublicInvoiceHandler,
    ListInvoicesHandler,
    ListPayerEmailsHandler,
  ],
  projections: [InvoicesProjection, PayerEmailsProjection],
  followers: [InvoiceEwalletFollower, InvoiceSettlementFollower],
  jobs: [CaptureCardChargeJob, ExpireInvoiceJob, SendPayerEmailJob],
  callbackRenderers: [InvoiceCallbackRenderer],
  auditedResources: [InvoicesAuditedResources],
  services: [
    PoolAllocator,
    InvoicePagePublicKeys,
    {
      provide: MailTransport,
      useFactory: (config: AppConfig) =>
        config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL
          ? new SmtpMailTransport(config.SMTP_URL, { caFile: config.SMTP_CA_FILE })
          : new OutboxOnlyTransport(),
      inject: [AppConfig],
    },
  ],
});

/** Invoices: POOL numbers and retail codes, the hosted page, payment, expiry, settlement, payer emails. */
@Module({
  imports: [CqrsModule],
  controllers: [InvoicesController, InvoicePageController, EmailOutboxController],
  providers,
})
export class InvoicesModule {}
