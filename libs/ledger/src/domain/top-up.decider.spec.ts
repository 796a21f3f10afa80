import { deciderSpec } from '@gateway/testing';
import { type TopUpCommand, topUpDecider } from './top-up.decider';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(topUpDecider);
// The top-up every case starts from: 10,000 IDR by the test channel.
const topUp = { topUpId: 'topup_1', currency: 'IDR', amount: 10_000, channel: 'TEST_TOPUP' } as const;
const command = (overrides: Partial<TopUpCommand> = {}): TopUpCommand => ({
  type: 'TopUpBalance',
  ...topUp,
  mode: 'test',
  fee: 0,
  feeTax: 0,
  settlement: 'immediate',
  now,
  ...overrides,
});
const received = (settledBySource: boolean, fee = 0, feeTax = 0) => ({
  type: 'MoneyInReceived' as const,
  data: {
    movementId: 'topup_1',
    source: { context: 'ledger.test-top-up', resourceId: 'topup_1' },
    channel: 'TEST_TOPUP',
    currency: 'IDR',
    grossAmount: 10_000,
    fee,
    feeTax,
    settledBySource,
    receivedAt: now.toISOString(),
  },
});

describe('test top-up decider', () => {
  it('immediate: received and settled (the net) in one decision', () => {
    spec
      .given([])
      .when(command({ fee: 100, feeTax: 11 }))
      .then([
        received(true, 100, 11),
        {
          type: 'MoneyInSettled',
          data: { movementId: 'topup_1', currency: 'IDR', amount: 9889, settledAt: now.toISOString() },
        },
      ]);
  });

  it('scheduled: only received; the ledger settles it later', () => {
    spec
      .given([])
      .when(command({ settlement: 'scheduled' }))
      .then([received(false)]);
  });

  type Refusal = [
    what: string,
    history: Parameters<typeof spec.given>[0],
    overrides: Partial<TopUpCommand>,
    code: string,
  ];
  const notPositiveWhole = (amount: number): Refusal => [`amount ${amount}`, [], { amount }, 'API_VALIDATION_ERROR'];
  it.each<Refusal>([
    ['live mode', [], { mode: 'live' }, 'TEST_MODE_ONLY_ERROR'],
    ['a second top-up with the same id', [received(false)], {}, 'API_VALIDATION_ERROR'],
    ...[0, -1, 1.5, Number.NaN].map(notPositiveWhole),
  ])('refuses %s', (_what, history, overrides, code) => spec.given(history).when(command(overrides)).thenThrows(code));
});
