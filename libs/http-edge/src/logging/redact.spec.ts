import { REDACTED, redactText, redactValue } from './redact';

describe('log redaction', () => {
  it.each([
    ['card 4111111111111111 declined', 'card ************1111 declined'],
    ['/v2/cards/4111111111111111?x=1', '/v2/cards/************1111?x=1'],
    ['grouped 4111 1111 1111 1111 and 5500-0000-0000-0004', 'grouped **** **** **** 1111 and ****-****-****-0004'],
    ['twelve 123456789012 digits', 'twelve ********9012 digits'],
  ])('masks card-like digit runs, keeping the last four: %s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('leaves a digit run inside a token of letters and digits alone (a hex id is not a card number)', () => {
    const text = 'invoice 931d58ed989349589392eb26 and a1234567890123 and 1234567890123b';
    expect(redactText(text)).toBe(text);
    // Any other neighbour still bounds a card number.
    expect(redactText('pan_4111111111111111/"4111111111111111"')).toBe('pan_************1111/"************1111"');
  });

  it('leaves short numbers, dates and amounts alone', () => {
    const text = 'amount 25000000 at 2024-01-15T10:00:00Z, retry 3, port 5432';
    expect(redactText(text)).toBe(text);
  });

  it('removes credentials, API keys and secret assignments from text', () => {
    const text =
      'Authorization: Basic eG5kX2RldmVsb3BtZW50X2FiYzo= key xnd_development_P4qDfOss0OCpl8RtKrROHjaQYNCk9dN5lSfk ' +
      'password=hunter2 "cvn": "123"';
    const redacted = redactText(text);
    expect(redacted).not.toMatch(/eG5kX2|P4qDfOss|hunter2|123"/);
    expect(redacted).toContain(`Basic ${REDACTED}`);
    expect(redacted).toContain(`xnd_${REDACTED}`);
  });

  it('removes a whole API key, dashes included (keys are base64url)', () => {
    expect(redactText('{"key":"xnd_development_6LZQ830AY3-D3zJ8iAz-iI6ksgosFU540ZdC896Pxtw"}')).toBe(
      `{"key":"xnd_${REDACTED}"}`,
    );
  });

  it('removes Standard Webhooks signing secrets from text', () => {
    const redacted = redactText('{"note":"verify with whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+/abc=="}');
    expect(redacted).toBe(`{"note":"verify with whsec_${REDACTED}"}`);
  });

  it('replaces sensitive fields whatever their value, deeply, and flattens errors', () => {
    const value = redactValue({
      headers: { authorization: 'Basic abc', 'x-callback-token': 't', accept: 'json' },
      card_data: { account_number: '4111111111111111', cvn: '123', exp_month: '12' },
      error: new Error('card 4111111111111111 failed'),
      amounts: [1, 2n],
    }) as Record<string, any>;
    expect(value.headers).toEqual({ authorization: REDACTED, 'x-callback-token': REDACTED, accept: 'json' });
    expect(value.card_data).toEqual({ account_number: REDACTED, cvn: REDACTED, exp_month: '12' });
    expect(value.error.message).toBe('card ************1111 failed');
    expect(value.amounts).toEqual([1, '2']);
  });

  it('survives cycles by bounding depth', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => JSON.stringify(redactValue(cyclic))).not.toThrow();
  });
});
