import { type InstrumentReadModel, instrumentProjection } from '@gateway/fixed-instruments';
import {
  VIRTUAL_ACCOUNT_EVENT_NAMES,
  VIRTUAL_ACCOUNT_EVENT_TYPES,
  type VirtualAccountSnapshot,
} from '../domain/virtual-account.events';

export const VIRTUAL_ACCOUNTS_PROJECTION = 'virtual-accounts.accounts';
export const EXPIRE_VIRTUAL_ACCOUNT_JOB = 'virtual-accounts.expire';

export interface ExpireVirtualAccountPayload {
  vaId: string;
}

/** The accounts and payments tables (the kernel's read model), looked up by bank and number. */
export const VIRTUAL_ACCOUNTS_READ_MODEL: InstrumentReadModel<VirtualAccountSnapshot> = {
  instrumentsTable: 'virtual_accounts',
  paymentsTable: 'virtual_account_payments',
  idColumn: 'va_id',
  idOf: (account) => account.vaId,
  lookupColumns: [
    { name: 'bank_code', type: 'text', value: (account) => account.bankCode },
    { name: 'account_number', type: 'text', value: (account) => account.accountNumber },
  ],
  // Payments an invoice claimed: its money and its listing are the invoice's.
  recordsClaims: true,
  snapshotEvents: VIRTUAL_ACCOUNT_EVENT_TYPES.filter((type) => type !== VIRTUAL_ACCOUNT_EVENT_NAMES.paid),
  paidEvent: VIRTUAL_ACCOUNT_EVENT_NAMES.paid,
  expiry: {
    job: EXPIRE_VIRTUAL_ACCOUNT_JOB,
    keyOf: (account) => `fva-expire:${account.vaId}:${account.expirationDate}`,
    payloadOf: (account): ExpireVirtualAccountPayload => ({ vaId: account.vaId }),
  },
};

/** The GETs' tables and the expiry timer (same transaction as the row): the kernel's projection. */
export const VirtualAccountsProjection = instrumentProjection(
  VIRTUAL_ACCOUNTS_PROJECTION,
  VIRTUAL_ACCOUNTS_READ_MODEL,
  VIRTUAL_ACCOUNT_EVENT_TYPES,
);
