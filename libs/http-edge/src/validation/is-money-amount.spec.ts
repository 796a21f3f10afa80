import { Min } from 'class-validator';
import { ApiError } from '../errors/api-error';
import { createValidationPipe } from './gateway-validation.pipe';
import { IsMoneyAmount, isMoneyAmount } from './is-money-amount';

class IdrDto {
  @IsMoneyAmount() @Min(1) amount!: number;
}

class CardDto {
  @IsMoneyAmount({ acceptDigitStrings: true }) @Min(1) amount!: number;
}

class UsdDto {
  @IsMoneyAmount({ currency: 'USD' }) amount!: number;
}

class MinorUnitsDto {
  @IsMoneyAmount({ minorUnits: true, currency: 'USD' }) amount!: number;
}

async function validate(metatype: new () => object, body: unknown): Promise<{ value?: unknown; error?: ApiError }> {
  try {
    return { value: await createValidationPipe().transform(body, { type: 'body', metatype }) };
  } catch (error) {
    if (error instanceof ApiError) return { error };
    throw error;
  }
}

describe('@IsMoneyAmount (the wire rule for money)', () => {
  it('accepts whole IDR amounts', async () => {
    expect((await validate(IdrDto, { amount: 64_000 })).value).toEqual({ amount: 64_000 });
    expect((await validate(IdrDto, { amount: Number.MAX_SAFE_INTEGER })).value).toEqual({
      amount: Number.MAX_SAFE_INTEGER,
    });
  });

  it.each([64_000.5, 20_000.5, 0.1, 1e-7, Number.MAX_SAFE_INTEGER + 1, 1e21, '64000', null, true, -0])(
    'refuses %p with 400 API_VALIDATION_ERROR naming the field',
    async (amount) => {
      const { error } = await validate(IdrDto, { amount });
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('API_VALIDATION_ERROR');
      expect(error?.errors).toEqual([
        {
          field: ['amount'],
          location: 'body',
          // `@Min` also fails for what is not a number at all.
          messages: expect.arrayContaining([
            'amount must be a whole number (IDR has no decimals) between -9007199254740991 and 9007199254740991',
          ]),
          types: expect.arrayContaining(['isMoneyAmount']),
        },
      ]);
    },
  );

  it('card amounts: a whole number or a string of digits, which reaches the handler as a number', async () => {
    expect((await validate(CardDto, { amount: '10000' })).value).toEqual({ amount: 10_000 });
    expect((await validate(CardDto, { amount: 10_000 })).value).toEqual({ amount: 10_000 });
    for (const amount of ['10000.5', 10_000.5, '1e4', '']) {
      const { error } = await validate(CardDto, { amount });
      expect(error?.errors?.[0]).toMatchObject({ field: ['amount'], types: expect.arrayContaining(['isMoneyAmount']) });
    }
  });

  it('a currency with decimals takes as many as it has, read exactly', async () => {
    expect((await validate(UsdDto, { amount: 10.5 })).value).toEqual({ amount: 10.5 });
    expect((await validate(UsdDto, { amount: 0.07 })).value).toEqual({ amount: 0.07 });
    expect((await validate(UsdDto, { amount: 10.505 })).error?.errors?.[0]?.messages).toEqual([
      'amount must be a number with at most 2 decimals (USD) between -9007199254740991 and 9007199254740991',
    ]);
  });

  it('minor units are whole whatever the currency', async () => {
    expect((await validate(MinorUnitsDto, { amount: 1_050 })).value).toEqual({ amount: 1_050 });
    expect((await validate(MinorUnitsDto, { amount: 10.5 })).error?.errors?.[0]?.types).toEqual(['isMoneyAmount']);
  });

  it('isMoneyAmount is the predicate behind it', () => {
    expect(isMoneyAmount(5, 0)).toBe(true);
    expect(isMoneyAmount(5.5, 0)).toBe(false);
    expect(isMoneyAmount(Number.NaN, 0)).toBe(false);
    expect(isMoneyAmount(Number.POSITIVE_INFINITY, 2, 'USD')).toBe(false);
    expect(isMoneyAmount(5.55, 2, 'PHP')).toBe(true);
    // `-0` passes `@Min(0)` (`-0 < 0` is false): the wire rule refuses it, `0` stays an amount.
    expect(isMoneyAmount(JSON.parse('-0'), 0)).toBe(false);
    expect(isMoneyAmount(JSON.parse('-0.0'), 2, 'USD')).toBe(false);
    expect(isMoneyAmount(0, 0)).toBe(true);
  });
});
