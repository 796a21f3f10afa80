import { deciderSpec } from '@gateway/testing';
import { type DisbursementCommand, disbursementDecider } from './disbursement.decider';
import type { DisbursementCompleted, DisbursementCreated, DisbursementFailed } from './disbursement.events';
import { disbursementSnapshot } from './disbursement.fixtures';

const now = new Date('2026-11-23T03:00:00.000Z');
const later = new Date('2026-11-23T04:00:00.000Z');
const spec = deciderSpec(disbursementDecider);
const create = (
  overrides: Partial<Extract<DisbursementCommand, { type: 'CreateDisbursement' }>> = {},
): DisbursementCommand => ({
  type: 'CreateDisbursement',
  disbursementId: 'd1',
  businessId: 'biz_1',
  mode: 'test',
  externalId: 'ext-1',
  amount: 50_000,
  bankCode: 'BNI',
  accountHolderName: 'Budi',
  accountNumber: '123-456',
  description: 'Payout',
  now,
  ...overrides,
});
const snapshot = disbursementSnapshot(now.toISOString());
const created: DisbursementCreated = { type: 'DisbursementCreated', data: { ...snapshot, status: 'PENDING' } };
const completed: DisbursementCompleted = {
  type: 'DisbursementCompleted',
  data: { ...snapshot, status: 'COMPLETED', completedAt: later.toISOString() },
};
const failed: DisbursementFailed = {
  type: 'DisbursementFailed',
  data: { ...snapshot, status: 'FAILED', failureCode: 'REJECTED_BY_BANK', failedAt: later.toISOString() },
};

describe('disbursement decider', () => {
  describe('(new) → PENDING', () => {
    it('creates a PENDING disbursement', () => {
      spec.given([]).when(create()).then([created]);
    });

    it('marks transfers above 100,000,000 as T+1 and records the batch', () => {
      spec
        .given([])
        .when(create({ bankCode: 'MANDIRI', amount: 150_000_000, batchId: 'b1' }))
        .then([
          {
            type: 'DisbursementCreated',
            data: {
              ...snapshot,
              bankCode: 'MANDIRI',
              amount: 150_000_000,
              isInstant: false,
              batchId: 'b1',
              status: 'PENDING',
            },
          },
        ]);
    });

    it.each<[string, Partial<Extract<DisbursementCommand, { type: 'CreateDisbursement' }>>]>([
      ['BANK_CODE_NOT_SUPPORTED_ERROR', { bankCode: 'XYZ' }],
      ['RECIPIENT_ACCOUNT_NUMBER_ERROR', { bankCode: 'BCA', accountNumber: '123456789' }],
      ['RECIPIENT_ACCOUNT_NUMBER_ERROR', { bankCode: 'BCA', accountNumber: '1234-56789' }],
      ['RECIPIENT_ACCOUNT_NUMBER_ERROR', { bankCode: 'BCA', accountNumber: '12-345-678-901' }],
      ['RECIPIENT_AMOUNT_ERROR', { bankCode: 'BTN', amount: 9_999 }],
      ['MAXIMUM_TRANSFER_LIMIT_ERROR', { bankCode: 'DANA', amount: 25_000_001 }],
      ['DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR', { description: undefined }],
      ['API_VALIDATION_ERROR', { amount: 0 }],
      ['API_VALIDATION_ERROR', { amount: 1.5 }],
    ])('refuses with %s', (code, overrides) => {
      spec.given([]).when(create(overrides)).thenThrows(code);
    });

    it('counts the digits of a BCA account number, not its hyphens (issue 19, item 18)', () => {
      for (const accountNumber of ['123-456-7890', '1234567890', '-1234567890-']) {
        spec
          .given([])
          .when(create({ bankCode: 'BCA', accountNumber }))
          .thenState({ status: 'PENDING', snapshot: { ...snapshot, bankCode: 'BCA', accountNumber } });
      }
    });

    it("records a batch item's reference and index", () => {
      spec
        .given([])
        .when(create({ batchId: 'b1', batchItem: { reference: 'payroll', index: 2 } }))
        .thenState({
          status: 'PENDING',
          snapshot: { ...snapshot, batchId: 'b1', batchReference: 'payroll', batchIndex: 2 },
        });
    });

    it('accepts the bounds themselves and any amount for a major bank', () => {
      spec
        .given([])
        .when(create({ bankCode: 'BTN', amount: 10_000 }))
        .thenState({ status: 'PENDING', snapshot: { ...snapshot, bankCode: 'BTN', amount: 10_000 } });
      spec
        .given([])
        .when(create({ bankCode: 'BTN', amount: 25_000_000 }))
        .thenState({ status: 'PENDING', snapshot: { ...snapshot, bankCode: 'BTN', amount: 25_000_000 } });
      spec
        .given([])
        .when(create({ bankCode: 'BRI', amount: 1 }))
        .thenState({ status: 'PENDING', snapshot: { ...snapshot, bankCode: 'BRI', amount: 1 } });
    });

    it('refuses to create twice', () => {
      spec.given([created]).when(create()).thenThrows('API_VALIDATION_ERROR');
    });
  });

  describe('PENDING → COMPLETED | FAILED', () => {
    it('completes on bank confirmation, carrying the snapshot for the callback', () => {
      spec.given([created]).when({ type: 'CompleteDisbursement', now: later }).then([completed]);
    });

    it('fails on bank rejection with the failure code', () => {
      spec
        .given([created])
        .when({ type: 'FailDisbursement', failureCode: 'REJECTED_BY_BANK', now: later })
        .then([failed]);
    });
  });

  describe('illegal transitions', () => {
    it.each([
      ['complete a completed', [created, completed], { type: 'CompleteDisbursement' as const, now: later }],
      [
        'fail a completed',
        [created, completed],
        { type: 'FailDisbursement' as const, failureCode: 'TRANSFER_ERROR' as const, now: later },
      ],
      ['complete a failed', [created, failed], { type: 'CompleteDisbursement' as const, now: later }],
      [
        'fail a failed',
        [created, failed],
        { type: 'FailDisbursement' as const, failureCode: 'TRANSFER_ERROR' as const, now: later },
      ],
    ])('cannot %s disbursement', (_what, history, command) => {
      spec.given(history).when(command).thenThrows('INVALID_DISBURSEMENT_STATUS_ERROR');
    });

    it('cannot complete or fail a disbursement that does not exist', () => {
      spec
        .given([])
        .when({ type: 'CompleteDisbursement', now: later })
        .thenThrows('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR');
      spec
        .given([])
        .when({ type: 'FailDisbursement', failureCode: 'TRANSFER_ERROR', now: later })
        .thenThrows('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR');
    });
  });
});
