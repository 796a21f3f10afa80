/** A test-mode payment the test tools open prefilled: a VA transfer or a retail payment, for the exact amount. */
export interface TestPayment {
  method: 'va' | 'retail';
  /** Bank code or retail outlet. */
  channel: string;
  /** Account number or payment code. */
  number: string;
  amount?: number;
}

export function testPaymentHref(payment: TestPayment): string {
  const query = new URLSearchParams(
    payment.method === 'va'
      ? {
          bank_code: payment.channel,
          account_number: payment.number,
          ...(payment.amount !== undefined && { amount: String(payment.amount) }),
        }
      : {
          retail_outlet_name: payment.channel,
          payment_code: payment.number,
          ...(payment.amount !== undefined && { amount: String(payment.amount) }),
        },
  );
  return `/dashboard/test-tools?${query.toString()}#${payment.method === 'va' ? 'sim-va-h' : 'sim-fpc-h'}`;
}
