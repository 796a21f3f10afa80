import { OVO_FAILURE_CODES, OVO_FAILURE_MESSAGES, OVO_TEST_PHONES, simulatedOvoDecision } from './ovo-payer-simulator';

describe('simulated OVO payer', () => {
  it('pays at once for any number not in the table', () => {
    expect(simulatedOvoDecision('081234567890')).toEqual({ outcome: { status: 'COMPLETED' }, afterMs: 0 });
  });

  it('has one documented number per failure code, each with a message', () => {
    const codes = Object.values(OVO_TEST_PHONES).flatMap((d) =>
      d.outcome.status === 'FAILED' ? [d.outcome.failureCode] : [],
    );
    expect([...codes].sort()).toEqual([...OVO_FAILURE_CODES].sort());
    for (const code of OVO_FAILURE_CODES) expect(OVO_FAILURE_MESSAGES[code]).toBeTruthy();
  });

  it('lets the unauthorized payer run out the 30 s window', () => {
    expect(simulatedOvoDecision('081200000001')).toEqual({
      outcome: { status: 'FAILED', failureCode: 'USER_DID_NOT_AUTHORIZE_THE_PAYMENT' },
      afterMs: 30_000,
    });
  });
});
