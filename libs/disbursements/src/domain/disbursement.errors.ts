import { defineErrorCodes, DomainError, invalidField } from '@gateway/domain';

export const DISBURSEMENT_ERROR_CODES = defineErrorCodes('disbursements', {
  DIRECT_DISBURSEMENT_NOT_FOUND_ERROR: { status: 404 },
  DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR: { status: 400 },
  DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR: { status: 400 },
  /** A reused idempotency key: answered by the idempotency layer, the routes' `reuse: 'reject'` policy. */
  DUPLICATE_TRANSACTION_ERROR: { status: 400 },
  BANK_CODE_NOT_SUPPORTED_ERROR: { status: 400 },
  RECIPIENT_ACCOUNT_NUMBER_ERROR: { status: 400 },
  RECIPIENT_AMOUNT_ERROR: { status: 400 },
  MAXIMUM_TRANSFER_LIMIT_ERROR: { status: 400 },
  INVALID_DISBURSEMENT_STATUS_ERROR: { status: 409 },
  DISBURSEMENT_RAIL_UNAVAILABLE_ERROR: { status: 503 },
});

const errorOf = DISBURSEMENT_ERROR_CODES.error.bind(DISBURSEMENT_ERROR_CODES);

/**
 * The request field a refusal of one disbursement is about, so a batch can name its item's field (issue 19, item 20).
 */
const about = (field: string) => ({ field });

export const DisbursementErrors = {
  descriptionNotFound: () =>
    errorOf(
      'DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR',
      'No description was sent and no default disbursement description is set: set one and retry',
      about('description'),
    ),
  bankNotSupported: (code: string) =>
    errorOf('BANK_CODE_NOT_SUPPORTED_ERROR', `Bank code ${code} is not supported`, about('bank_code')),
  accountNumber: (code: string, digits: number) =>
    errorOf(
      'RECIPIENT_ACCOUNT_NUMBER_ERROR',
      `Account numbers of ${code} are exactly ${digits} digits`,
      about('account_number'),
    ),
  amountBelowMinimum: (code: string, minimum: number) =>
    errorOf('RECIPIENT_AMOUNT_ERROR', `The minimum amount for ${code} is ${minimum}`, about('amount')),
  amountAboveMaximum: (code: string, maximum: number) =>
    errorOf('MAXIMUM_TRANSFER_LIMIT_ERROR', `The maximum amount for ${code} is ${maximum}`, about('amount')),
  invalidAmount: () => invalidField(['amount'], 'amount must be a positive whole number', 'isMoneyAmount'),
  insufficientBalance: (available: bigint, requested: bigint) =>
    errorOf(
      'DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR',
      `Balance is too low: ${available} available, ${requested} requested`,
    ),
  notFound: (id: string) => errorOf('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR', `Disbursement ${id} does not exist`),
  batchNotFound: (id: string) =>
    errorOf('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR', `Batch disbursement ${id} does not exist`),
  alreadyExists: (id: string) => errorOf('API_VALIDATION_ERROR', `Disbursement ${id} already exists`),
  notPending: (id: string, status: string) =>
    errorOf(
      'INVALID_DISBURSEMENT_STATUS_ERROR',
      `Disbursement ${id} is ${status}: only a PENDING disbursement completes or fails`,
    ),
  liveRailUnavailable: () =>
    errorOf(
      'DISBURSEMENT_RAIL_UNAVAILABLE_ERROR',
      'No payout rail is configured for live mode (this gateway ships no bank connector)',
    ),

  /**
   * The refusals of a batch's items as one error that names each failing item's index and field
   * (`errors[]`: `field: ['disbursements', '<index>', '<field>']`, `types: [<the item's code>]`).
   * The `error_code` is the first failing item's: a batch is refused whole, for its first reason.
   */
  batchItemsRefused: (refusals: readonly { index: number; error: DomainError }[]) => {
    const [first] = refusals;
    const errors = refusals.map(({ index, error }) => {
      const field = fieldOf(error);
      return {
        field: ['disbursements', String(index), ...field],
        location: 'body',
        messages: [error.message],
        types: [error.code],
      };
    });
    const more = refusals.length > 1 ? `; and ${refusals.length - 1} more item(s), see errors` : '';
    return new DomainError(
      first.error.declared,
      `disbursements.${first.index}${describeField(first.error)}: ${first.error.message}${more}`,
      { errors },
    );
  },
};

function fieldOf(error: DomainError): string[] {
  if (typeof error.details?.field === 'string') return [error.details.field];
  const named = (error.details?.errors as { field?: string[] }[] | undefined)?.[0]?.field;
  return Array.isArray(named) ? named : [];
}

function describeField(error: DomainError): string {
  const field = fieldOf(error);
  return field.length > 0 ? `.${field.join('.')}` : '';
}
