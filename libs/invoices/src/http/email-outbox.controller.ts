import { type Caller, CurrentCaller, RequirePermissions } from '@gateway/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { ListPayerEmailsQuery } from '../application/list-emails/list-payer-emails.query';

export class ListEmailOutboxRequestDto {
  @IsOptional() @IsString() @Length(1, 64) invoice_id?: string;
  @IsOptional() @IsString() @Length(1, 64) recurring_payment_id?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

@Controller()
export class EmailOutboxController {
  constructor(private readonly queries: QueryBus) {}

  /** Payer emails of this business and mode, newest first (test mode: never sent, only kept here). */
  @Get('email_outbox')
  @RequirePermissions('money_in:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListEmailOutboxRequestDto) {
    const emails = await this.queries.execute(
      new ListPayerEmailsQuery(caller.businessId, caller.mode, { invoiceId: query.invoice_id, recurringPaymentId: query.recurring_payment_id, limit: query.limit }),
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
