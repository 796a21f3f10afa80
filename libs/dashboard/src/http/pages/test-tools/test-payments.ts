import { DomainError } from '@gateway/domain';
import { PayInvoiceByRetailCodeCommand, SimulatePoolVirtualAccountPaymentCommand } from '@gateway/invoices';
import { SimulateRetailPaymentCommand } from '@gateway/payment-codes';
import type { RequestContext } from '@gateway/platform';
import { SimulateVirtualAccountPaymentCommand } from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

/** What a test payment paid: the transaction page that shows it. */
export interface TestPaymentResult {
  source: 'va-payments' | 'payment-code-payments' | 'invoices';
  id: string;
}

/**
 * Test-mode payments as the simulate endpoints make them (`POST /pool_virtual_accounts/simulate_payment`,
 * `POST /fixed_payment_code/simulate_payment`), with the same commands and the same order: a
 * number or code the business's fixed VAs or codes do not hold is an invoice's POOL number or
 * retail code, paid through the invoices context; neither is the fixed one's "not found".
 */
@Injectable()
export class TestPayments {
  constructor(private readonly commands: CommandBus) {}

  async transfer(businessId: string, bankCode: string, accountNumber: string, amount: number, context: RequestContext): Promise<TestPaymentResult> {
    try {
      const paid = await this.commands.execute(new SimulateVirtualAccountPaymentCommand(businessId, 'test', bankCode, accountNumber, amount, context));
      return { source: 'va-payments', id: paid.payment.id };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR') throw error;
      const invoice = await this.commands
        .execute(new SimulatePoolVirtualAccountPaymentCommand(businessId, 'test', { bankCode, bankAccountNumber: accountNumber, transferAmount: amount }, context))
        .catch((invoiceError: unknown) => {
          throw invoiceError instanceof DomainError && invoiceError.code === 'VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' ? error : invoiceError;
        });
      return { source: 'invoices', id: invoice.invoiceId };
    }
  }

  async retail(businessId: string, outlet: string, code: string, amount: number, context: RequestContext): Promise<TestPaymentResult> {
    try {
      const paid = await this.commands.execute(new SimulateRetailPaymentCommand(businessId, 'test', outlet, code, amount, context));
      return { source: 'payment-code-payments', id: paid.payment.id };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR') throw error;
      const invoice = await this.commands
        .execute(new PayInvoiceByRetailCodeCommand(businessId, 'test', { retailOutletName: outlet, paymentCode: code, transferAmount: amount }, context))
        .catch((invoiceError: unknown) => {
          throw invoiceError instanceof DomainError && invoiceError.code === 'PAYMENT_CODE_NOT_FOUND_ERROR' ? error : invoiceError;
        });
      return { source: 'invoices', id: invoice.invoiceId };
    }
  }
}
