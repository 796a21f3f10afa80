import { SimulateTillPaymentCommand } from '@gateway/payment-codes';
import type { RequestContext } from '@gateway/runtime';
import { SimulateBankTransferCommand } from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

/** What a test payment paid: the transaction page that shows it. */
export interface TestPaymentResult {
  source: 'va-payments' | 'payment-code-payments' | 'invoices';
  id: string;
}

/**
 * Test-mode payments as the simulate endpoints make them (`POST /pool_virtual_accounts/simulate_payment`,
 * `POST /fixed_payment_code/simulate_payment`), with the same commands: a number or code the
 * business's fixed VAs or codes do not hold is an invoice's POOL number or retail code, paid
 * through the invoices context; neither is the fixed one's "not found".
 */
@Injectable()
export class TestPayments {
  constructor(private readonly commands: CommandBus) {}

  async transfer(
    businessId: string,
    bank: string,
    number: string,
    amount: number,
    context: RequestContext,
  ): Promise<TestPaymentResult> {
    const routed = await this.commands.execute(
      new SimulateBankTransferCommand(businessId, 'test', bank, number, amount, context),
    );
    if (routed.paid === 'own') return { source: 'va-payments', id: routed.payment.id };
    return { source: 'invoices', id: routed.result.invoiceId };
  }

  async retail(
    businessId: string,
    outlet: string,
    code: string,
    amount: number,
    context: RequestContext,
  ): Promise<TestPaymentResult> {
    const routed = await this.commands.execute(
      new SimulateTillPaymentCommand(businessId, 'test', outlet, code, amount, context),
    );
    if (routed.paid === 'own') return { source: 'payment-code-payments', id: routed.payment.id };
    return { source: 'invoices', id: routed.result.invoiceId };
  }
}
