import {
  badRequest,
  conflict,
  defineErrors,
  DomainError,
  invalidField,
  notFound,
  serviceUnavailable,
  shared,
} from '@gateway/domain';

/**
 * The request field a refusal of one disbursement is about, so a batch can name its item's field (issue 19, item 20).
 */
const about = (field: string) => ({ field });

export const DisbursementErrors = defineErrors('disbursements', {
  descriptionNotFound: badRequest(
    'DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR',
    'No description was sent and no default disbursement description is set: set one and retry',
    about('description'),
  ),
  bankNotSupported: badRequest(
    'BANK_CODE_NOT_SUPPORTED_ERROR',
    (code: string) => `Bank code ${code} is not supported`,
    about('bank_code'),
  ),
  accountNumber: badRequest(
    'RECIPIENT_ACCOUNT_NUMBER_ERROR',
    (code: string, digits: number) => `Account numbers of ${code} are exactly ${digits} digits`,
    about('account_number'),
  ),
  amountBelowMinimum: badRequest(
    'RECIPIENT_AMOUNT_ERROR',
    (code: string, minimum: number) => `The minimum amount for ${code} is ${minimum}`,
    about('amount'),
  ),
  amountAboveMaximum: badRequest(
    'MAXIMUM_TRANSFER_LIMIT_ERROR',
    (code: string, maximum: number) => `The maximum amount for ${code} is ${maximum}`,
    about('amount'),
  ),
  invalidAmount: () => invalidField(['amount'], 'amount must be a positive whole number', 'isMoneyAmount'),
  insufficientBalance: badRequest(
    'DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR',
    (available: bigint, requested: bigint) => `Balance is too low: ${available} available, ${requested} requested`,
  ),
  notFound: notFound('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR', (id: string) => `Disbursement ${id} does not exist`),
  batchNotFound: notFound(
    'DIRECT_DISBURSEMENT_NOT_FOUND_ERROR',
    (id: string) => `Batch disbursement ${id} does not exist`,
  ),
  alreadyExists: shared('API_VALIDATION_ERROR', (id: string) => `Disbursement ${id} already exists`),
  notPending: conflict(
    'INVALID_DISBURSEMENT_STATUS_ERROR',
    (id: string, status: string) => `Disbursement ${id} is ${status}: only a PENDING disbursement completes or fails`,
  ),
  liveRailUnavailable: serviceUnavailable(
    'DISBURSEMENT_RAIL_UNAVAILABLE_ERROR',
    'No payout rail is configured for live mode (this gateway ships no bank connector)',
  ),
  /** A reused idempotency key: answered by the idempotency layer, the routes' `reuse: 'reject'` policy. */
  duplicateTransaction: badRequest('DUPLICATE_TRANSACTION_ERROR'),

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
});

export const DISBURSEMENT_ERROR_CODES = DisbursementErrors.catalogue;

function fieldOf(error: DomainError): string[] {
  if (typeof error.details?.field === 'string') return [error.details.field];
  const named = (error.details?.errors as { field?: string[] }[] | undefined)?.[0]?.field;
  return Array.isArray(named) ? named : [];
}

function describeField(error: DomainError): string {
  const field = fieldOf(error);
  return field.length > 0 ? `.${field.join('.')}` : '';
}
