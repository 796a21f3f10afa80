import type { DisbursementFailureCode } from '../../domain/bank-rail-simulator';
import type { DisbursementStatus } from '../../domain/disbursement.decider';
import type { DisbursementView } from '../disbursement-view';

export interface DisbursementRow {
  disbursement_id: string;
  business_id: string;
  mode: 'test' | 'live';
  external_id: string;
  amount: string;
  currency: string;
  bank_code: string;
  account_holder_name: string;
  account_number: string;
  description: string;
  status: DisbursementStatus;
  failure_code: DisbursementFailureCode | null;
  is_instant: boolean;
  batch_id: string | null;
  batch_reference: string | null;
  batch_index: number | null;
  created_at: Date;
  updated_at: Date;
}

export function toView(row: DisbursementRow): DisbursementView {
  return {
    disbursementId: row.disbursement_id,
    businessId: row.business_id,
    mode: row.mode,
    externalId: row.external_id,
    amount: Number(row.amount),
    currency: row.currency,
    bankCode: row.bank_code,
    accountHolderName: row.account_holder_name,
    accountNumber: row.account_number,
    description: row.description,
    status: row.status,
    ...(row.failure_code && { failureCode: row.failure_code }),
    isInstant: row.is_instant,
    ...(row.batch_id && { batchId: row.batch_id }),
    ...(row.batch_reference !== null && row.batch_reference !== undefined && { batchReference: row.batch_reference }),
    ...(row.batch_index !== null && row.batch_index !== undefined && { batchIndex: row.batch_index }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
