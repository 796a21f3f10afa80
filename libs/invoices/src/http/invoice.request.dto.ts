import { IsIsoDateTime, IsMoneyAmount, IsRedirectUrl, RequestExample } from '@gateway/http-edge';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ArrayMaxSize, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PAYMENT_CHANNELS } from '@gateway/domain';
import type { CreateInvoiceRequest } from '../application/create-invoice/create-invoice.command';
import { INVOICE_MAX_AMOUNT, MAX_INVOICE_DURATION_SECONDS } from '../domain/invoice.rules';

const LONG_TEXT = 10_000;

export class InvoiceItemDto {
  @IsString() @Length(1, 1000) name!: string;
  @IsInt() @Min(1) @Max(1_000_000) quantity!: number;
  @IsMoneyAmount() @Min(0) @Max(INVOICE_MAX_AMOUNT) price!: number;
}

/** POST /v2/invoices (spec: Invoice create request). */
@RequestExample({
  external_id: 'order-1001',
  payer_email: 'payer@example.com',
  description: 'Order #1001: two coffees',
  amount: 50000,
  should_send_email: false,
  invoice_duration: 86400,
  success_redirect_url: 'https://shop.example.com/thanks',
  failure_redirect_url: 'https://shop.example.com/retry',
  payment_methods: ['BCA', 'MANDIRI', 'ALFAMART', 'OVO', 'CREDIT_CARD'],
  currency: 'IDR',
  items: [{ name: 'Coffee', quantity: 2, price: 25000 }],
})
export class CreateInvoiceRequestDto {
  @IsString() @Length(1, 1000) external_id!: string;
  @IsString() @MaxLength(320) @IsEmail({}, { message: 'payer_email must be an email address' }) payer_email!: string;
  @IsString() @Length(1, LONG_TEXT) description!: string;
  /**
   * Bounds: MINIMAL_/MAXIMUM_TRANSFER_AMOUNT_ERROR from the invoice's rules (`invoiceAmountError`), not a validation
   * error.
   */
  @IsMoneyAmount() amount!: number;
  @IsOptional() @IsBoolean() should_send_email?: boolean;
  @IsOptional() @IsString() @Length(1, 255) callback_virtual_account_id?: string;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_INVOICE_DURATION_SECONDS) invoice_duration?: number;
  @IsOptional() @IsRedirectUrl() success_redirect_url?: string;
  @IsOptional() @IsRedirectUrl() failure_redirect_url?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  payment_methods?: string[];
  @IsOptional() @IsString() @Length(1, 255) mid_label?: string;
  @IsOptional() @IsString() @IsIn(['IDR'], { message: 'currency must be IDR' }) currency?: string;
  @IsOptional() @IsBoolean() fixed_va?: boolean;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => InvoiceItemDto)
  items?: InvoiceItemDto[];
}

export function toCreateInvoiceRequest(dto: CreateInvoiceRequestDto): CreateInvoiceRequest {
  return {
    externalId: dto.external_id,
    payerEmail: dto.payer_email,
    description: dto.description,
    amount: dto.amount,
    shouldSendEmail: dto.should_send_email,
    callbackVirtualAccountId: dto.callback_virtual_account_id,
    invoiceDuration: dto.invoice_duration,
    successRedirectUrl: dto.success_redirect_url,
    failureRedirectUrl: dto.failure_redirect_url,
    paymentMethods: dto.payment_methods,
    midLabel: dto.mid_label,
    currency: dto.currency,
    fixedVa: dto.fixed_va,
    items: dto.items?.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price })),
  };
}

/** Array query params arrive repeated (`a=1&a=2`), JSON-style (`a=["1","2"]`) or single (gaps.md). */
function toArray({ value }: { value: unknown }): unknown {
  const parts = Array.isArray(value) ? value : [value];
  const out: unknown[] = [];
  for (const part of parts) {
    if (typeof part === 'string' && part.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(part);
        if (Array.isArray(parsed)) {
          out.push(...(parsed as unknown[]));
          continue;
        }
      } catch {
        // not JSON: the validator reports the raw value
      }
    }
    out.push(part);
  }
  return out;
}

const INVOICE_STATUSES = ['PENDING', 'PAID', 'SETTLED', 'EXPIRED'];
const CLIENT_TYPES = ['API_GATEWAY', 'DASHBOARD', 'INTEGRATION', 'ON_DEMAND', 'RECURRING', 'MOBILE'];

/** GET /v2/invoices (gaps.md filters). */
@RequestExample({
  statuses: ['PAID', 'SETTLED'],
  limit: 10,
  created_after: '2024-05-01T00:00:00.000Z',
  external_id: 'order-1001',
})
export class ListInvoicesRequestDto {
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(10)
  @IsIn(INVOICE_STATUSES, { each: true })
  statuses?: string[];
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsIsoDateTime() created_after?: string;
  @IsOptional() @IsIsoDateTime() created_before?: string;
  @IsOptional() @IsIsoDateTime() paid_after?: string;
  @IsOptional() @IsIsoDateTime() paid_before?: string;
  @IsOptional() @IsIsoDateTime() expired_after?: string;
  @IsOptional() @IsIsoDateTime() expired_before?: string;
  /** Ids are 24 hex characters (`invoiceIdFrom`, `cycleInvoiceId`): anything else cannot name an invoice. */
  @IsOptional()
  @Matches(/^[0-9a-f]{24}$/, { message: 'last_invoice_id must be an invoice id (24 hex characters)' })
  last_invoice_id?: string;
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(10)
  @IsIn(CLIENT_TYPES, { each: true })
  client_types?: string[];
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(50)
  @IsIn(PAYMENT_CHANNELS.map((c) => c.code), { each: true })
  payment_channels?: string[];
  @IsOptional() @IsString() @Length(1, 64) recurring_payment_id?: string;
  @IsOptional() @IsString() @Length(1, 1000) external_id?: string;
}

const VA_BANKS = PAYMENT_CHANNELS.filter((channel) => channel.category === 'VIRTUAL_ACCOUNT').map(
  (channel) => channel.code,
);

/** POST /pool_virtual_accounts/simulate_payment. */
@RequestExample({ bank_code: 'BCA', bank_account_number: '3806612345678901', transfer_amount: 50000 })
export class SimulatePoolPaymentRequestDto {
  @IsString() @IsIn(VA_BANKS, { message: `bank_code must be one of ${VA_BANKS.join(', ')}` }) bank_code!: string;
  @IsString()
  @IsNotEmpty()
  @MaxLength(32)
  @Matches(/^\d+$/, { message: 'bank_account_number must be digits' })
  bank_account_number!: string;
  @IsMoneyAmount() @Min(1) transfer_amount!: number;
}
