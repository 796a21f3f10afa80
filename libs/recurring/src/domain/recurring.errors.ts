import { badRequest, defineErrors, invalidField, shared } from '@gateway/domain';

export const RecurringErrors = defineErrors('recurring', {
  notFound: shared('NOT_FOUND_ERROR', (id: string) => `Recurring payment ${id} does not exist`),
  alreadyExists: badRequest(
    'DUPLICATE_RECURRING_PAYMENT_ERROR',
    (id: string) => `Recurring payment ${id} already exists`,
  ),
  invalidCardToken: badRequest(
    'INVALID_CREDIT_CARD_TOKEN_ERROR',
    (reason: string) => `credit_card_token must be a multiple-use card token of this business: ${reason}`,
  ),
  invalidStatus: badRequest(
    'INVALID_RECURRING_PAYMENT_STATUS_ERROR',
    (id: string, status: string, action: string) => `Recurring payment ${id} is ${status}: it cannot be ${action}`,
  ),
  startDateInPast: (startDate: string, now: string) => {
    const message =
      `start_date ${startDate} is in the past (the current time is ${now}): missed cycles are never ` +
      `billed; send a date from now on, or omit start_date to start now`;
    return invalidField(['start_date'], message, 'notInThePast');
  },
});

export const RECURRING_ERROR_CODES = RecurringErrors.catalogue;
