import { cardChargeDecider } from './card-charge.decider';
import { chargeOrder } from './card-charge.fixtures';
import { createChargeOf, isOrderedTokenUse, type OrderedTokenUse } from './charge-of-token-use';

const at = '2030-01-01T00:00:00.000Z';
const order = chargeOrder(at);
const use = (overrides: Partial<OrderedTokenUse> = {}): OrderedTokenUse => ({
  tokenId: 'tok',
  chargeId: 'chg',
  authenticationId: 'auth1',
  eci: '05',
  chargedAt: at,
  charge: order,
  ...overrides,
});

describe('the charge a token use ordered', () => {
  it('is the order plus the authentication and ECI the use decided, at the instant of the use', () => {
    expect(createChargeOf(use())).toEqual({
      type: 'CreateCharge',
      ...order,
      snapshot: { ...order.snapshot, authenticationId: 'auth1', eci: '05' },
      now: new Date(at),
    });
  });

  it('has no authentication when the use spent none (eci 07)', () => {
    const { authenticationId: _none, ...withoutAuthentication } = use({ eci: '07' });
    expect(createChargeOf(withoutAuthentication).snapshot).toEqual({ ...order.snapshot, eci: '07' });
  });

  it('decides the same events every time: the request and the follower create the same charge', () => {
    const decide = () => cardChargeDecider.decide(createChargeOf(use()), cardChargeDecider.initialState);
    expect(decide()).toEqual(decide());
    expect(decide().map((event) => event.type)).toEqual(['CardChargeCreated', 'MoneyInReceived']);
  });

  it('a magic failing amount, an expired card: a FAILED charge, decided from the recorded order alone', () => {
    const failing = createChargeOf(
      use({ charge: { ...order, snapshot: { ...order.snapshot, amount: 5002 }, expYear: 2029 } }),
    );
    expect(cardChargeDecider.decide(failing, cardChargeDecider.initialState)).toEqual([
      { type: 'CardChargeCreated', data: expect.objectContaining({ status: 'FAILED', failureReason: 'EXPIRED_CARD' }) },
    ]);
  });

  it('a use recorded before orders were carried is not an order', () => {
    const { charge: _legacy, ...legacy } = use();
    expect(isOrderedTokenUse(legacy)).toBe(false);
    expect(isOrderedTokenUse(use())).toBe(true);
  });
});
