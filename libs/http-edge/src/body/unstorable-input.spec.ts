import fc from 'fast-check';
import { findUnstorableValue, MAX_JSON_DEPTH, unstorableStringProblem } from './unstorable-input';

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

  it.each([
    ['a high surrogate alone', '\ud800'],
    ['a low surrogate alone', '\udc00'],
    ['a reversed pair', 'x\udc00\ud800y'],
    ['a high surrogate at the end', 'Budi\udbff'],
    ['a high surrogate followed by a letter', '\ud83dA'],
  ])('refuses %s in values and keys, with the path to it', (_name, text) => {
    expect(findUnstorableValue({ customer: { names: ['ok', text] } }, 'body')).toEqual({
      field: ['customer', 'names', '1'],
      location: 'body',
      messages: [
        'must be well-formed Unicode: a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair) cannot be stored',
      ],
      types: ['wellFormedUnicode'],
    });
    expect(findUnstorableValue({ metadata: { [text]: 1 } }, 'body')).toMatchObject({
      field: ['metadata'],
      types: ['wellFormedUnicode'],
    });
  });

  it('accepts well-formed text of every plane: pairs, emoji, CJK, combining marks', () => {
    for (const text of ['😀', '\ud83d\ude00', '𝄞 music', '東京', 'e\u0301', '\uffff', '\ue000']) {
      expect(unstorableStringProblem(text)).toBeUndefined();
    }
    expect(findUnstorableValue({ name: 'Budi 😀', tags: ['東京'] }, 'body')).toBeUndefined();
  });

  it(
    'accepts any well-formed JSON without NUL (fast-check strings are well-formed), ' +
      'and refuses any with a lone surrogate inserted',
    () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 0xd800, max: 0xdfff }), (text, unit) => {
          expect(unstorableStringProblem(text.replaceAll('\u0000', ''))).toBeUndefined();
          const lone = String.fromCharCode(unit);
          expect(unstorableStringProblem(`${text}${lone}`)).toBe(
            text.includes('\u0000') ? 'noNulCharacter' : 'wellFormedUnicode',
          );
        }),
        { numRuns: 300 },
      );
    },
  );

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
