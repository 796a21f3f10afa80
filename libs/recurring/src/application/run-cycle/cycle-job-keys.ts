import { jobKeys } from '@gateway/scheduler';

/**
 * The job of one cycle of one recurring payment: `recurring-cycle:<id>:<cycle>`. A key per cycle,
 * so scheduling the cycle again moves its pending job (a PATCH of the interval) instead of adding one.
 */
export const CYCLE_JOB_KEYS = jobKeys<[recurringPaymentId: string, cycle: number]>('recurring-cycle');
