import { Type } from 'class-transformer';
import { IsArray, IsInt, IsObject, IsOptional, IsString, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ApiField } from '../openapi/request-schema.decorators';
import { ApiError } from '../errors/api-error';
import { createValidationPipe } from './gateway-validation.pipe';

class AddressDto {
  @IsString()
  city!: string;
}

class CustomerDto {
  @IsString()
  name!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AddressDto)
  addresses!: AddressDto[];
}

class CreateDto {
  @IsInt()
  @Min(1)
  amount!: number;

  @ValidateNested()
  @Type(() => CustomerDto)
  customer!: CustomerDto;

  @IsOptional()
  @IsString()
  note?: string;
}

class OptionalDto {
  @IsOptional()
  @IsString()
  note?: string;
}

async function failure(value: unknown, type: 'body' | 'query' | 'param' = 'body', data?: string): Promise<ApiError> {
  try {
    await createValidationPipe().transform(value, { type, metatype: CreateDto, data });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('GatewayValidationPipe', () => {
  it('lists every failure with its full path, location, messages and rule names', async () => {
    const error = await failure({ amount: 0, customer: { name: 7, addresses: [{ city: 'Jakarta' }, { city: 1 }] } });
    expect(error.status).toBe(400);
    expect(error.code).toBe('API_VALIDATION_ERROR');
    expect(error.errors).toEqual([
      { field: ['amount'], location: 'body', messages: ['amount must not be less than 1'], types: ['min'] },
      { field: ['customer', 'name'], location: 'body', messages: ['name must be a string'], types: ['isString'] },
      {
        field: ['customer', 'addresses', '1', 'city'],
        location: 'body',
        messages: ['city must be a string'],
        types: ['isString'],
      },
    ]);
    expect(error.message).toBe(
      'amount must not be less than 1; customer.name must be a string; customer.addresses.1.city must be a string',
    );
  });

  it('names the location of query and path parameters', async () => {
    expect((await failure({}, 'query')).errors?.[0]?.location).toBe('query');
    expect((await failure({}, 'param')).errors?.[0]?.location).toBe('path');
  });

  it('answers an array or a string where an object is expected', async () => {
    for (const value of [[1, 2], 'text']) {
      const error = await failure(value);
      expect(error.status).toBe(400);
      expect(error.errors?.map((issue) => issue.field)).toContainEqual(['amount']);
      // With nothing required, the only problem left is the shape of the whole value: an empty path.
      const optionalOnly = await createValidationPipe()
        .transform(value, { type: 'body', metatype: OptionalDto })
        .catch((thrown: unknown) => thrown);
      expect((optionalOnly as ApiError).errors).toEqual([
        { field: [], location: 'body', messages: ['Validation failed (object is expected)'], types: ['isObject'] },
      ]);
    }
  });

  it('drops undeclared fields instead of refusing them', async () => {
    const dto = await createValidationPipe().transform(
      {
        amount: 5,
        customer: { name: 'A', addresses: [], extra: 1 },
        bank_account_name: 'dup',
        __proto__: { polluted: true },
      },
      { type: 'body', metatype: CreateDto },
    );
    expect(dto).toBeInstanceOf(CreateDto);
    expect(dto).toEqual({ amount: 5, customer: { name: 'A', addresses: [] } });
  });

  it(
    'refuses a lone surrogate or NUL in a path parameter, ' + 'naming it (the body middleware cannot see parameters)',
    async () => {
      for (const [value, type] of [
        ['\ud800', 'wellFormedUnicode'],
        ['a\u0000', 'noNulCharacter'],
      ]) {
        const error = await createValidationPipe()
          .transform(value, { type: 'param', metatype: String, data: 'id' })
          .catch((thrown: unknown) => thrown);
        expect((error as ApiError).errors).toEqual([
          expect.objectContaining({ field: ['id'], location: 'path', types: [type] }),
        ]);
      }
      expect(await createValidationPipe().transform('cust-1', { type: 'param', metatype: String, data: 'id' })).toBe(
        'cust-1',
      );
    },
  );

  it('refuses a lone surrogate in a body the route parsed itself (multipart fields), even without a DTO', async () => {
    const error = await createValidationPipe()
      .transform({ purpose: 'KYC\udc00' }, { type: 'body', metatype: Object })
      .catch((thrown: unknown) => thrown);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual([
      expect.objectContaining({ field: ['purpose'], location: 'body', types: ['wellFormedUnicode'] }),
    ]);
  });
});

class NullableDto {
  @IsOptional()
  @IsString()
  note?: string;

  /** null removes the label (a PATCH route's rule), so it is kept. */
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @ApiField({ nullable: true })
  @IsString()
  label?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => OptionalDto)
  inner?: OptionalDto;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

describe('GatewayValidationPipe and null', () => {
  const transform = (value: unknown, metatype: new () => object) =>
    createValidationPipe().transform(value, { type: 'body', metatype });

  it('takes an explicit null on a field that gives null no meaning for the field left out', async () => {
    const dto = (await transform(
      { note: null, inner: { note: null }, metadata: { kept: null } },
      NullableDto,
    )) as NullableDto;
    expect(dto).toBeInstanceOf(NullableDto);
    expect('note' in dto).toBe(false);
    expect('note' in dto.inner!).toBe(false);
    // A free-form map is not a request object: its nulls are the merchant's data.
    expect(dto.metadata).toEqual({ kept: null });
  });

  it('keeps null where the DTO declares it (it removes a value)', async () => {
    const dto = (await transform({ label: null, note: 'x' }, NullableDto)) as NullableDto;
    expect(dto.label).toBeNull();
    expect(dto.note).toBe('x');
  });

  it('reports a required field sent as null as a validation failure, not a crash further on', async () => {
    const error = await failure({ amount: null, customer: { name: null, addresses: [null] } });
    expect(error.status).toBe(400);
    expect(error.errors?.map((issue) => issue.field)).toEqual(
      expect.arrayContaining([['amount'], ['customer', 'name']]),
    );
  });
});
