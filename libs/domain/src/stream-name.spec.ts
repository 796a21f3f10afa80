import { streamCategory } from './stream-name';

describe('streamCategory', () => {
  const businesses = streamCategory('business');

  it('names a stream and reads its id back, dashes in the id included', () => {
    const stream = businesses.nameOf('4f1c-9a2b');
    expect(stream).toBe('business-4f1c-9a2b');
    expect(businesses.owns(stream)).toBe(true);
    expect(businesses.idOf(stream)).toBe('4f1c-9a2b');
  });

  it("refuses another category's stream instead of returning a wrong id", () => {
    expect(businesses.owns('businessx-1')).toBe(false);
    expect(businesses.owns('business-')).toBe(false);
    expect(() => businesses.idOf('balance-b1.test.IDR')).toThrow('"balance-b1.test.IDR" is not a business stream');
  });

  it('refuses categories that would break `<category>-<id>` parsing, and empty ids', () => {
    expect(() => streamCategory('card-charge')).toThrow('must be lowercase');
    expect(() => businesses.nameOf('')).toThrow('needs an id');
  });
});
