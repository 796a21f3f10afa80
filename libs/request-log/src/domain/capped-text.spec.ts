import { capText } from './capped-text';

describe('capText', () => {
  it('keeps a body that fits, whole', () => {
    expect(capText('{"id":"inv_1"}', 100)).toEqual({ text: '{"id":"inv_1"}', truncated: false });
    // 4 characters of 3 bytes each: 12 bytes, exactly the limit.
    expect(capText('€€€€', 12)).toEqual({ text: '€€€€', truncated: false });
  });

  it('keeps the first bytes of a longer one and says it was cut', () => {
    expect(capText('a'.repeat(300), 256)).toEqual({ text: 'a'.repeat(256), truncated: true });
  });

  it('never ends in half a character', () => {
    // '€' is 3 bytes: 10 bytes hold three of them and a third of the fourth.
    expect(capText('€€€€€', 10)).toEqual({ text: '€€€', truncated: true });
    // A surrogate pair (4 bytes) is kept whole or not at all.
    expect(capText('ab😀cd', 4)).toEqual({ text: 'ab', truncated: true });
  });
});
