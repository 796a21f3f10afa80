import { detectContentType, resolveContentType } from './file-content-type';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]);
const pdf = new TextEncoder().encode('%PDF-1.4');

describe('file content type', () => {
  it('recognises PNG, JPEG and PDF by their magic bytes only', () => {
    expect(detectContentType(png)).toBe('image/png');
    expect(detectContentType(jpeg)).toBe('image/jpeg');
    expect(detectContentType(pdf)).toBe('application/pdf');
    expect(detectContentType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(detectContentType(png.subarray(0, 7))).toBeUndefined();
    expect(detectContentType(new Uint8Array())).toBeUndefined();
  });

  it('takes the detected type when the declaration says nothing, and refuses a contradicting one', () => {
    expect(resolveContentType(pdf, undefined)).toBe('application/pdf');
    expect(resolveContentType(pdf, 'application/octet-stream')).toBe('application/pdf');
    expect(resolveContentType(png, 'IMAGE/PNG; charset=binary')).toBe('image/png');
    expect(resolveContentType(jpeg, 'image/jpg')).toBe('image/jpg');
    expect(resolveContentType(jpeg, 'image/pjpeg')).toBe('image/jpeg');
    expect(resolveContentType(pdf, 'image/png')).toBeUndefined();
    expect(resolveContentType(png, 'text/html')).toBeUndefined();
    expect(resolveContentType(new TextEncoder().encode('<html>'), 'image/png')).toBeUndefined();
  });
});
