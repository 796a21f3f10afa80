import type { DisbursementView } from '../application/disbursement-view';
import type { BatchDisbursementView } from '../application/get-batch-disbursement/get-batch-disbursement.query';
import type { DisbursementCompleted, DisbursementFailed } from '../domain/disbursement.events';
import { documentCallback, namedSchema, ref, schema } from '@gateway/http-edge';
import { DISBURSEMENT_FAILURE_CODES } from '../domain/bank-rail-simulator';

/** The disbursement (create, get, the items of a batch) and its callback body. */
export const DISBURSEMENT_SCHEMA = namedSchema(
  'Disbursement',
  schema.object(
    {
      id: schema.string(),
      user_id: schema.string('The business'),
      external_id: schema.string(),
      amount: schema.amount(),
      bank_code: schema.string(),
      account_holder_name: schema.string(),
      disbursement_description: schema.string(),
      status: schema.oneOfStrings(['PENDING', 'COMPLETED', 'FAILED']),
      failure_code: schema.oneOfStrings(DISBURSEMENT_FAILURE_CODES),
      is_instant: schema.boolean(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
    },
    { optional: ['failure_code'] },
  ),
);

const BATCH_TOTALS = {
  id: schema.string(),
  reference: schema.string(),
  status: schema.oneOfStrings(['APPROVED', 'COMPLETED'], 'APPROVED while an item is PENDING, COMPLETED once none is'),
  total_uploaded_amount: schema.amount(),
  total_uploaded_count: schema.integer(),
  created: schema.dateTime(),
};

/** POST /batch_disbursements. */
export const BATCH_DISBURSEMENT_CREATED_SCHEMA = namedSchema('BatchDisbursementCreated', schema.object(BATCH_TOTALS));

/** GET /batch_disbursements/{id}. */
export const BATCH_DISBURSEMENT_SCHEMA = namedSchema(
  'BatchDisbursement',
  schema.object({
    ...BATCH_TOTALS,
    reference: schema.nullable(schema.string('null for a batch created before references were recorded')),
    user_id: schema.string(),
    total_disbursed_amount: schema.amount(),
    total_disbursed_count: schema.integer(),
    total_error_amount: schema.amount(),
    total_error_count: schema.integer(),
    updated: schema.dateTime(),
    disbursements: schema.arrayOf(ref(DISBURSEMENT_SCHEMA), "The items, in the batch's order"),
  }),
);

documentCallback({
  kind: 'disbursement',
  tag: 'Disbursements',
  summary: 'Disbursement completed or failed',
  description:
    'Sent when a disbursement (alone or in a batch) reaches COMPLETED or FAILED; ' +
    'a failed one names its `failure_code` and its amount returns to the cash balance.',
  body: DISBURSEMENT_SCHEMA,
});

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
  });
}

/**
 * GET /batch_disbursements/{id} (issue 19, item 20): what POST /batch_disbursements answered
 * (`id, reference, status, total_uploaded_amount, total_uploaded_count, created`) as it stands
 * now, plus the totals of the items that completed and failed, `updated`, and the items
 * themselves (each as GET /disbursements/{id} shows it), in the batch's order. `status` is
 * APPROVED (what the POST answered) while an item is PENDING, COMPLETED once none is.
 * `reference` is null for a batch created before references were recorded.
 */
export function batchDisbursementToWire(batch: BatchDisbursementView) {
  const total = (items: DisbursementView[]) => items.reduce((sum, item) => sum + item.amount, 0);
  const completed = batch.items.filter((item) => item.status === 'COMPLETED');
  const failed = batch.items.filter((item) => item.status === 'FAILED');
  const times = (key: 'createdAt' | 'updatedAt') => batch.items.map((item) => item[key]).sort();
  return {
    id: batch.batchId,
    reference: batch.reference ?? null,
    user_id: batch.businessId,
    status: batch.items.some((item) => item.status === 'PENDING') ? 'APPROVED' : 'COMPLETED',
    total_uploaded_amount: total(batch.items),
    total_uploaded_count: batch.items.length,
    total_disbursed_amount: total(completed),
    total_disbursed_count: completed.length,
    total_error_amount: total(failed),
    total_error_count: failed.length,
    created: times('createdAt')[0],
    updated: times('updatedAt').at(-1),
    disbursements: batch.items.map(disbursementToWire),
  };
}
