import { InstrumentQueries } from '@gateway/fixed-instruments';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../domain/payment-code.events';
import { PAYMENT_CODES_READ_MODEL } from './payment-codes.projection';

/** The kernel's read-model queries over the codes and payments tables. */
@Injectable()
export class PaymentCodeQueries extends InstrumentQueries<PaymentCodeSnapshot, PaymentCodePayment> {
  constructor(pool: Pool) {
    super(pool, PAYMENT_CODES_READ_MODEL);
  }
}
