import { disbursementSnapshot } from '../domain/disbursement.fixtures';
import { renderDisbursementCallbackFromEvent } from './disbursement.response';

describe('disbursement callback body', () => {
  const snapshot = disbursementSnapshot('2026-11-23T03:00:00.000Z', { accountNumber: '123' });

  it('renders the gaps.md shape from a failing event, account number left out', () => {
    expect(
      renderDisbursementCallbackFromEvent({
        type: 'DisbursementFailed',
        data: {
          ...snapshot,
          status: 'FAILED',
          failureCode: 'INVALID_DESTINATION',
          failedAt: '2026-11-23T04:00:00.000Z',
        },
      }),
    ).toEqual({
      id: 'd1',
      user_id: 'biz_1',
      external_id: 'ext-1',
      amount: 50_000,
      bank_code: 'BNI',
      account_holder_name: 'Budi',
      disbursement_description: 'Payout',
      status: 'FAILED',
      failure_code: 'INVALID_DESTINATION',
      is_instant: true,
      created: '2026-11-23T03:00:00.000Z',
      updated: '2026-11-23T04:00:00.000Z',
    });
  });

  it('has no failure_code when completed', () => {
    const body = renderDisbursementCallbackFromEvent({
      type: 'DisbursementCompleted',
      data: { ...snapshot, status: 'COMPLETED', completedAt: '2026-11-23T04:00:00.000Z' },
    });
    expect(body).toMatchObject({ status: 'COMPLETED', updated: '2026-11-23T04:00:00.000Z' });
    expect('failure_code' in body).toBe(false);
  });
});
