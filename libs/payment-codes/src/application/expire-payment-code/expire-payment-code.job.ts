import { instrumentExpiryJob } from '@gateway/fixed-instruments';
import { EXPIRE_PAYMENT_CODE_JOB, type ExpirePaymentCodePayload } from '../../read-models/payment-codes.projection';
import { PAYMENT_CODES } from '../payment-code-kind';

/** At `expiration_date` (on the business clock) the code becomes INACTIVE: the kernel's expiry job. */
export const ExpirePaymentCodeJob = instrumentExpiryJob(
  EXPIRE_PAYMENT_CODE_JOB,
  PAYMENT_CODES,
  ({ fpcId }: ExpirePaymentCodePayload) => fpcId,
);
