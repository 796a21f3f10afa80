import { apiKeyFromAuthorization } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('apiKeyFromAuthorization', () => {
  it('takes the user name of Basic credentials, ignoring the password', () => {
    expect(apiKeyFromAuthorization(basic('xnd_development_abc:'))).toBe('xnd_development_abc');
    expect(apiKeyFromAuthorization(basic('xnd_development_abc:ignored'))).toBe('xnd_development_abc');
    expect(apiKeyFromAuthorization(`basic   ${Buffer.from('k:').toString('base64')}`)).toBe('k');
  });

  it.each([
    undefined,
    '',
    'Bearer abc',
    'Basic',
    'Basic !!!',
    basic('no-colon'),
    basic(':only-password'),
    basic('spaces in key:'),
    basic(`${'x'.repeat(201)}:`),
    basic('ünïcode:'),
  ])('refuses %p', (header) => {
    expect(apiKeyFromAuthorization(header)).toBeUndefined();
  });
});
