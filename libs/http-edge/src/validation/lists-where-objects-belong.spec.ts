import { Transform, Type } from 'class-transformer';
import { IsArray, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ApiError } from '../errors/api-error';
import { createValidationPipe } from './gateway-validation.pipe';

class ItemDto {
  @IsString() name!: string;
  @IsOptional() @ValidateNested() @Type(() => ItemDto) part?: ItemDto;
}

class RuleDto {
  @IsOptional() @IsInt() flat?: number;
}

class OrderDto {
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  @IsOptional() @ValidateNested() @Type(() => ItemDto) main?: ItemDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ItemDto) card?: ItemDto;
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? new Map(
          Object.entries(value).map(([key, rule]) => [
            key,
            Array.isArray(rule) ? rule : Object.assign(new RuleDto(), rule),
          ]),
        )
      : value,
  )
  @IsObject()
  @ValidateNested()
  rules?: Map<string, RuleDto>;
}

async function issuesOf(body: unknown) {
  const outcome = await createValidationPipe()
    .transform(body, { type: 'body', metatype: OrderDto })
    .catch((error: unknown) => error);
  if (!(outcome instanceof ApiError)) return [];
  return (outcome.errors ?? []).map(({ field, types }) => ({ field, types }));
}

describe('the shape rule: an array is never a nested object', () => {
  it("refuses an array as a list's element, naming its index", async () => {
    expect(await issuesOf({ items: [{ name: 'tea' }, []] })).toEqual([{ field: ['items', '1'], types: ['isObject'] }]);
  });

  it('refuses an array as a nested object, at any depth', async () => {
    expect(await issuesOf({ main: [] })).toEqual([{ field: ['main'], types: ['isObject'] }]);
    expect(await issuesOf({ items: [{ name: 'tea', part: [] }] })).toEqual([
      { field: ['items', '0', 'part'], types: ['isObject'] },
    ]);
  });

  it('refuses an array as the value of a map of nested objects', async () => {
    expect(await issuesOf({ rules: { OVO: [] } })).toEqual([{ field: ['rules', 'OVO'], types: ['isObject'] }]);
  });

  it("reports a field class-validator's @IsObject() refuses too once", async () => {
    const issues = await issuesOf({ card: [] });
    expect(issues).toEqual([{ field: ['card'], types: ['isObject'] }]);
  });

  it("still runs the element's own rules and accepts what is well shaped", async () => {
    expect(await issuesOf({ items: [{}] })).toEqual([{ field: ['items', '0', 'name'], types: ['isString'] }]);
    expect(await issuesOf({ items: [{ name: 'tea', part: { name: 'cup' } }], main: { name: 'x' }, rules: {} })).toEqual(
      [],
    );
  });
});
