import { apiKeyFromAuthorization } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('apiKeyFromAuthorization', () => {
  it('takes the user name of Basic credentials whose password is empty', () => {
    expect(apiKeyFromAuthorization(basic('xnd_development_abc:'))).toBe('xnd_development_abc');
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
    // Spec: "the password is empty"; the credential is the key followed by a colon.
    basic('xnd_development_abc:a-password'),
    basic('xnd_development_abc::'),
    basic('spaces in key:'),
    basic(`${'x'.repeat(201)}:`),
    basic('ünïcode:'),
  ])('refuses %p', (header) => {
    expect(apiKeyFromAuthorization(header)).toBeUndefined();
  });
});
