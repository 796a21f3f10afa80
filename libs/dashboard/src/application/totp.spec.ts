import { NodeCryptoPlugin } from '@otplib/plugin-crypto-node';
import { generate } from '@otplib/totp';
import { base32, otpauthUri, totpStepOf } from './totp';

describe('TOTP (two-step sign-in)', () => {
  const secret = Buffer.from('12345678901234567890');
  const codeAt = (seconds: number) => generate({ secret, crypto: new NodeCryptoPlugin(), epoch: seconds });

  it('encodes the secret in base32 as authenticator apps read it (RFC 4648 test vector)', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(secret)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(otpauthUri(secret, 'ana@toko.test')).toBe(
      'otpauth://totp/Gateway%20dashboard:ana%40toko.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=' +
        'Gateway%20dashboard',
    );
  });

  it('accepts the current code and one step either way, with its step; refuses older codes and junk', async () => {
    const now = new Date(59_000);
    expect(await codeAt(59)).toBe('287082'); // RFC 6238 appendix B, SHA-1, T = 59 (8 digits 94287082)
    expect(await totpStepOf(secret, '287082', now)).toBe(1);
    expect(await totpStepOf(secret, await codeAt(89), now)).toBe(2);
    expect(await totpStepOf(secret, await codeAt(30), new Date(61_000))).toBe(1);
    expect(await totpStepOf(secret, await codeAt(0), new Date(95_000))).toBeUndefined();
    expect(await totpStepOf(secret, '12345', now)).toBeUndefined();
    expect(await totpStepOf(secret, 'abcdef', now)).toBeUndefined();
  });
});
