import { defineErrorCodes } from '@gateway/domain';

export const RECURRING_ERROR_CODES = defineErrorCodes('recurring', {
  DUPLICATE_RECURRING_PAYMENT_ERROR: { status: 400 },
  INVALID_RECURRING_PAYMENT_STATUS_ERROR: { status: 400 },
  INVALID_CREDIT_CARD_TOKEN_ERROR: { status: 400 },
});

const errorOf = RECURRING_ERROR_CODES.error.bind(RECURRING_ERROR_CODES);

export const RecurringErrors = {
  notFound: (id: string) => errorOf('NOT_FOUND_ERROR', `Recurring payment ${id} does not exist`),
  alreadyExists: (id: string) => errorOf('DUPLICATE_RECURRING_PAYMENT_ERROR', `Recurring payment ${id} already exists`),
  invalidCardToken: (reason: string) =>
    errorOf(
      'INVALID_CREDIT_CARD_TOKEN_ERROR',
      `credit_card_token must be a multiple-use card token of this business: ${reason}`,
    ),
  invalidStatus: (id: string, status: string, action: string) =>
    errorOf('INVALID_RECURRING_PAYMENT_STATUS_ERROR', `Recurring payment ${id} is ${status}: it cannot be ${action}`),
  /** A validation error of one field, in the edge's `errors[]` shape. */
  startDateInPast: (startDate: string, now: string) => {
    const message =
      `start_date ${startDate} is in the past (the current time is ${now}): missed cycles are never ` +
      `billed; send a date from now on, or omit start_date to start now`;
    return errorOf('API_VALIDATION_ERROR', message, {
      errors: [{ field: ['start_date'], location: 'body', messages: [message], types: ['notInThePast'] }],
    });
  },
};
