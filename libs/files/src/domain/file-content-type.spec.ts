import { detectContentType, resolveContentType } from './file-content-type';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s/g, ''), 'hex'));
/** A 1×1 RGBA PNG. */
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
/** A 1×1 grey baseline JPEG: DQT, SOF0, DC and AC Huffman tables of one code each, SOS, two bits of scan data, EOI. */
const jpegParts = {
  soi: 'ffd8',
  dqt: `ffdb0043 00${'01'.repeat(64)}`,
  sof: 'ffc0000b 08 0001 0001 01 01 11 00',
  dht: `ffc40014 00 01${'00'.repeat(15)} 00 ffc40014 10 01${'00'.repeat(15)} 00`,
  sos: 'ffda0008 01 01 00 00 3f 00',
  scan: '3f',
  eoi: 'ffd9',
};
const jpegOf = (parts: Partial<typeof jpegParts>) => hex(Object.values({ ...jpegParts, ...parts }).join(''));
const jpeg = jpegOf({});
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

describe('file content type', () => {
  it('recognises a PNG, a JPEG and a PDF by their structure', () => {
    expect(detectContentType(png)).toBe('image/png');
    expect(detectContentType(jpeg)).toBe('image/jpeg');
    expect(detectContentType(pdf)).toBe('application/pdf');
    expect(detectContentType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(detectContentType(new Uint8Array())).toBeUndefined();
  });

  it('tolerates bytes after the end of an image, as readers do', () => {
    expect(detectContentType(concat(png, new Uint8Array(100).fill(7)))).toBe('image/png');
    expect(detectContentType(concat(jpeg, new Uint8Array(100).fill(7)))).toBe('image/jpeg');
  });

  it('issue 19, item 16: magic bytes alone are not a file', () => {
    expect(detectContentType(hex('ffd8ff'))).toBeUndefined();
    expect(detectContentType(hex('ffd8ffe0 0010 4a464946 00'))).toBeUndefined();
    expect(detectContentType(png.subarray(0, 8))).toBeUndefined();
    expect(detectContentType(new TextEncoder().encode('%PDF-'))).toBeUndefined();
    expect(detectContentType(new TextEncoder().encode('%PDF-1.7 but never ends'))).toBeUndefined();
  });

  it('refuses a JPEG whose structure is broken', () => {
    expect(detectContentType(jpegOf({ sof: '' }))).toBeUndefined(); // a scan without a frame
    expect(detectContentType(jpegOf({ eoi: '' }))).toBeUndefined(); // cut short
    expect(detectContentType(jpegOf({ sof: 'ffc0000b 08 0001 0000 01 01 11 00' }))).toBeUndefined(); // width 0
    // length does not match its components
    expect(detectContentType(jpegOf({ sof: 'ffc0000e 08 0001 0001 01 01 11 00' }))).toBeUndefined();
    // a segment longer than the file
    expect(detectContentType(jpegOf({ dqt: `ffdb0099 00${'01'.repeat(64)}` }))).toBeUndefined();
    expect(detectContentType(jpegOf({ sos: 'ffda0008 05 01 00 00 3f 00' }))).toBeUndefined(); // five scan components
    // EOI before the scan
    expect(detectContentType(jpegOf({ dqt: `ffd9 ffdb0043 00${'01'.repeat(64)}` }))).toBeUndefined();
  });

  it('refuses a PNG whose structure is broken', () => {
    const broken = (offset: number, value: number) =>
      Uint8Array.from(png, (byte, index) => (index === offset ? value : byte));
    expect(detectContentType(broken(19, 0))).toBeUndefined(); // width 0 (and the CRC no longer matches)
    expect(detectContentType(broken(29, png[29] ^ 1))).toBeUndefined(); // IHDR CRC
    expect(detectContentType(broken(25, 5))).toBeUndefined(); // no such colour type
    expect(detectContentType(png.subarray(0, png.length - 12))).toBeUndefined(); // no IEND
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
