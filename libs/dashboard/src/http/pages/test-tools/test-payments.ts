import { SimulateTillPaymentCommand } from '@gateway/payment-codes';
import type { RequestContext } from '@gateway/runtime';
import { SimulateBankTransferCommand } from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { TestPayment } from '../test-payment-links';

/** A test payment with its amount (the form always has one). */
export type PaidTestPayment = TestPayment & { amount: number };

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

  /** Pays a VA transfer as `POST /pool_virtual_accounts/simulate_payment` does, a till payment as the retail one. */
  async pay(businessId: string, payment: PaidTestPayment, context: RequestContext): Promise<TestPaymentResult> {
    const { channel, number, amount } = payment;
    if (payment.method === 'va') {
      const routed = await this.commands.execute(
        new SimulateBankTransferCommand(businessId, 'test', channel, number, amount, context),
      );
      if (routed.paid === 'own') return { source: 'va-payments', id: routed.payment.id };
      return { source: 'invoices', id: routed.result.invoiceId };
    }
    const routed = await this.commands.execute(
      new SimulateTillPaymentCommand(businessId, 'test', channel, number, amount, context),
    );
    if (routed.paid === 'own') return { source: 'payment-code-payments', id: routed.payment.id };
    return { source: 'invoices', id: routed.result.invoiceId };
  }
}
