import { instrumentExpiryJob } from '@gateway/fixed-instruments';
import {
  EXPIRE_VIRTUAL_ACCOUNT_JOB,
  type ExpireVirtualAccountPayload,
} from '../../read-models/virtual-accounts.projection';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';

/** At `expiration_date` (on the business clock) the account becomes INACTIVE: the kernel's expiry job. */
export const ExpireVirtualAccountJob = instrumentExpiryJob(
  EXPIRE_VIRTUAL_ACCOUNT_JOB,
  VIRTUAL_ACCOUNTS,
  (payload: ExpireVirtualAccountPayload) => payload.vaId,
);
