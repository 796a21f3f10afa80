import type { DisbursementView } from '../application/disbursement-view';
import type { DisbursementCompleted, DisbursementFailed } from '../domain/disbursement.events';

/** The disbursement resource on the wire (spec fields plus `created`, `updated`, `is_instant`, `failure_code`). */
export function disbursementToWire(view: DisbursementView) {
  return {
    id: view.disbursementId,
    user_id: view.businessId,
    external_id: view.externalId,
    amount: view.amount,
    bank_code: view.bankCode,
    account_holder_name: view.accountHolderName,
    disbursement_description: view.description,
    status: view.status,
    ...(view.failureCode && { failure_code: view.failureCode }),
    is_instant: view.isInstant,
    created: view.createdAt,
    updated: view.updatedAt,
  };
}

/**
 * The disbursement callback body (gaps.md): `{id, user_id, external_id, amount, bank_code,
 * account_holder_name, disbursement_description, status, failure_code?, is_instant, created,
 * updated}`. Pure; the webhook dispatcher renders it from the read model or the ending event.
 */
export function renderDisbursementCallback(view: DisbursementView) {
  return disbursementToWire(view);
}

/** The same body straight from an ending event (DisbursementCompleted / DisbursementFailed). */
export function renderDisbursementCallbackFromEvent(event: DisbursementCompleted | DisbursementFailed) {
  const data = event.data;
  const updatedAt = data.status === 'COMPLETED' ? data.completedAt : data.failedAt;
  return renderDisbursementCallback({
    ...data,
    ...(data.status === 'FAILED' && { failureCode: data.failureCode }),
    updatedAt,
  } as DisbursementView);
}
