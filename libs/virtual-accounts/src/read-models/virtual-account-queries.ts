import { InstrumentQueries } from '@gateway/fixed-instruments';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS_READ_MODEL } from './virtual-accounts.projection';

/** The kernel's read-model queries over the accounts and payments tables. */
@Injectable()
export class VirtualAccountQueries extends InstrumentQueries<VirtualAccountSnapshot, VirtualAccountPayment> {
  constructor(pool: Pool) {
    super(pool, VIRTUAL_ACCOUNTS_READ_MODEL);
  }
}
