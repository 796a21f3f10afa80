import fc from 'fast-check';
import { findUnstorableValue, MAX_JSON_DEPTH } from './unstorable-input';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe('findUnstorableValue', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more, naming the path`, () => {
    expect(findUnstorableValue(nested(MAX_JSON_DEPTH), 'body')).toBeUndefined();
    const issue = findUnstorableValue(nested(MAX_JSON_DEPTH + 1), 'body');
    expect(issue).toMatchObject({ location: 'body', types: ['maxDepth'] });
    expect(issue?.field).toHaveLength(MAX_JSON_DEPTH);
  });

  it('walks very deep values without overflowing the stack', () => {
    let value: unknown = [];
    for (let level = 0; level < 200_000; level += 1) value = [value];
    expect(findUnstorableValue(value, 'body')?.types).toEqual(['maxDepth']);
  });

  it('finds the NUL character in values and keys, with the path to it', () => {
    expect(findUnstorableValue({ customer: { names: ['ok', 'bad\u0000'] } }, 'body')).toEqual({
      field: ['customer', 'names', '1'],
      location: 'body',
      messages: ['must not contain the NUL character (\\u0000)'],
      types: ['noNulCharacter'],
    });
    expect(findUnstorableValue({ a: { 'k\u0000': 1 } }, 'query')).toMatchObject({ field: ['a'], location: 'query' });
  });

  it('accepts any JSON without NUL and shallower than the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        const hasNul = JSON.stringify(value).includes('\\u0000');
        expect(findUnstorableValue(value, 'body') !== undefined).toBe(hasNul);
      }),
      { numRuns: 300 },
    );
  });
});
