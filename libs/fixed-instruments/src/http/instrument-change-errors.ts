/** The error codes of `instrumentChangesOf`'s fields, for every kind's update operation (its documentation). */
export const INSTRUMENT_CHANGE_ERRORS = [
  'MINIMUM_EXPECTED_AMOUNT_ERROR',
  'MAXIMUM_EXPECTED_AMOUNT_ERROR',
  'EXPIRATION_DATE_INVALID_ERROR',
];
