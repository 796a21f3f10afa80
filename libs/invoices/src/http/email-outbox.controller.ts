import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CurrentCaller, RequestExample, RequirePermissions, schema } from '@gateway/http-edge';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { ListPayerEmailsQuery } from '../application/list-emails/list-payer-emails.query';

@RequestExample({ invoice_id: '6650c4e1a7f3b2c9d8e1f0a1', limit: 20 })
export class ListEmailOutboxRequestDto {
  @IsOptional() @IsString() @Length(1, 64) invoice_id?: string;
  @IsOptional() @IsString() @Length(1, 64) recurring_payment_id?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

const PAYER_EMAIL = schema.object(
  {
    id: schema.string(),
    invoice_id: schema.string(),
    recurring_payment_id: schema.string(),
    template: schema.string('What the email is about (invoice created, paid, reminder, ...)'),
    to: schema.string(undefined, { format: 'email' }),
    subject: schema.string(),
    text: schema.string('The plain-text body'),
    created: schema.dateTime(),
  },
  { optional: ['recurring_payment_id'] },
);

@ApiTag('Invoices')
@Controller()
export class EmailOutboxController {
  constructor(private readonly queries: QueryBus) {}

  /** Payer emails of this business and mode, newest first (test mode: never sent, only kept here). */
  @Get('email_outbox')
  @ApiDoc({
    summary: 'List payer emails',
    description:
      'The emails the gateway sent (live mode with `MAIL_TRANSPORT=smtp`) or, in test mode, ' +
      'would have sent to payers about their invoices, newest first: what an integration test reads instead of a ' +
      'mailbox.',
    operationId: 'listPayerEmails',
    response: schema.arrayOf(PAYER_EMAIL),
  })
  @RequirePermissions('money_in:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListEmailOutboxRequestDto) {
    const emails = await this.queries.execute(
      new ListPayerEmailsQuery(caller.businessId, caller.mode, {
        invoiceId: query.invoice_id,
        recurringPaymentId: query.recurring_payment_id,
        limit: query.limit,
      }),
    );
    return emails.map((email) => ({
      id: email.id,
      invoice_id: email.invoiceId,
      recurring_payment_id: email.recurringPaymentId ?? undefined,
      template: email.template,
      to: email.to,
      subject: email.subject,
      text: email.text,
      created: email.created,
    }));
  }
}
