import {
  CaptureChargeCommand,
  type ChargeView,
  CreateChargeCommand,
  ReverseAuthorizationCommand,
} from '@gateway/cards';
import { DomainError } from '@gateway/domain';
import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { invoiceMoneyRecorder, type InvoiceSnapshot } from '../../domain/invoice.events';
import { pendingInvoice } from '../owned-invoice';
import { PayInvoiceCommand } from '../pay-invoice/pay-invoice.command';
import { PayInvoiceByCardCommand } from './pay-invoice-by-card.command';

export const CARD_METHOD = 'CREDIT_CARD';

export const offersCard = (invoice: InvoiceSnapshot) =>
  invoice.paymentMethods.includes(CARD_METHOD) && !invoice.shouldExcludeCreditCard;

/**
 * Authorize, pay the invoice, capture. The invoice records the money (its `MoneyInReceived` under
 * `invoice_<id>`, as for every method), so the charge is made with `moneyRecordedBy` and appends
 * none: the ledger counts the payment once, and the invoice's settlement and callbacks work as for
 * a VA payment. Authorizing first means an invoice that cannot be paid any more (paid or expired
 * meanwhile) costs the payer nothing: the authorization is reversed.
 */
@CommandHandler(PayInvoiceByCardCommand)
export class PayInvoiceByCardHandler implements ICommandHandler<PayInvoiceByCardCommand, InvoiceSnapshot> {
  private readonly logger = new Logger(PayInvoiceByCardHandler.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: PayInvoiceByCardCommand): Promise<InvoiceSnapshot> {
    const invoice = await pendingInvoice(this.queries, command.invoiceId);
    if (!offersCard(invoice)) throw InvoiceErrors.methodNotOffered(CARD_METHOD);
    const { businessId, mode } = invoice;
    const context = { ...command.context, businessId, mode };
    const charge: ChargeView = await this.commands.execute(
      new CreateChargeCommand(
        businessId,
        mode,
        {
          tokenId: command.tokenId,
          externalId: invoice.externalId,
          amount: invoice.amount,
          ...(command.authenticationId && { authenticationId: command.authenticationId }),
          capture: false,
          isRecurring: command.merchantInitiated,
          merchantInitiated: command.merchantInitiated,
          moneyRecordedBy: invoiceMoneyRecorder(invoice.invoiceId),
        },
        context,
      ),
    );
    if (charge.status !== 'AUTHORIZED') throw InvoiceErrors.cardPaymentFailed(charge.failureReason ?? charge.status);
    let paid: InvoiceSnapshot;
    try {
      paid = await this.commands.execute(
        new PayInvoiceCommand(
          businessId,
          mode,
          invoice.invoiceId,
          {
            method: 'CREDIT_CARD',
            channel: CARD_METHOD,
            destination: '',
            paymentId: charge.chargeId,
            amount: invoice.amount,
            creditCardChargeId: charge.chargeId,
          },
          context,
        ),
      );
    } catch (error) {
      await this.commands
        .execute(new ReverseAuthorizationCommand(businessId, mode, charge.chargeId, invoice.externalId, context))
        .catch((reversal: unknown) => {
          this.logger.error(
            `Could not reverse authorization ${charge.chargeId} after the invoice refused it: ${String(reversal)}`,
          );
        });
      throw error;
    }
    // The invoice is paid and holds the money; the capture settles the card side (no ledger event).
    // Should this process die right here, job `invoices.capture-card-charge` (written with the paid row) captures it.
    // The invoice is PAID from here on, so a failed capture does not fail the payer's request: the
    // follow-up job captures it later (and should it somehow have run first, this one is refused as CAPTURED).
    await this.commands
      .execute(new CaptureChargeCommand(businessId, mode, charge.chargeId, invoice.amount, context))
      .catch((capture: unknown) => {
        if (capture instanceof DomainError && capture.code === 'INVALID_CHARGE_STATUS_ERROR') return;
        this.logger.warn(
          `Capture of ${charge.chargeId} after paying invoice ${invoice.invoiceId} failed; ` +
            `the capture follower retries: ${String(capture)}`,
        );
      });
    return paid;
  }
}
