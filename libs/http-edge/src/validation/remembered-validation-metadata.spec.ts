import { getMetadataStorage, IsInt, IsString, validateSync, ValidateNested } from 'class-validator';
import { rememberValidationMetadata } from './remembered-validation-metadata';

class Address {
  @IsString()
  city!: string;
}

class Order {
  @IsString()
  reference!: string;

  @ValidateNested()
  address!: Address;
}

class Refund extends Order {
  @IsInt()
  amount!: number;
}

const order = (fields: Record<string, unknown>) => Object.assign(new Order(), fields);
const refund = (fields: Record<string, unknown>) => Object.assign(new Refund(), fields);
const failed = (errors: ReturnType<typeof validateSync>) => errors.map((error) => error.property).sort();

describe('rememberValidationMetadata', () => {
  beforeAll(() => rememberValidationMetadata());

  it('validates exactly as before, the first time and every time after (inherited rules too)', () => {
    const address = Object.assign(new Address(), { city: 7 });
    for (let round = 0; round < 3; round += 1) {
      expect(failed(validateSync(order({ reference: 1, address })))).toEqual(['address', 'reference']);
      expect(failed(validateSync(refund({ reference: 'r', address: new Address(), amount: 1.5 })))).toEqual([
        'address',
        'amount',
      ]);
      expect(
        validateSync(refund({ reference: 'r', address: Object.assign(new Address(), { city: 'x' }), amount: 2 })),
      ).toEqual([]);
    }
  });

  it('sees a rule registered after a lookup was remembered', () => {
    class Late {
      @IsString()
      name!: string;
      code!: unknown;
    }
    const late = Object.assign(new Late(), { name: 'n', code: 'not a number' });
    expect(validateSync(late)).toEqual([]);
    IsInt()(Late.prototype, 'code');
    expect(failed(validateSync(late))).toEqual(['code']);
  });

  it('is installed once however many pipes ask', () => {
    const lookUp = getMetadataStorage().getTargetValidationMetadatas;
    rememberValidationMetadata();
    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(lookUp);
  });
});
