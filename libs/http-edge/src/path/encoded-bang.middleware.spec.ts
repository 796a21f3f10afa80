import { decodeBangInPath } from './encoded-bang.middleware';

describe('decodeBangInPath', () => {
  it('decodes %21 in the path only', () => {
    expect(decodeBangInPath('/invoices/abc/expire%21')).toBe('/invoices/abc/expire!');
    expect(decodeBangInPath('/recurring_payments/abc/stop%21?x=%21')).toBe('/recurring_payments/abc/stop!?x=%21');
    expect(decodeBangInPath('/invoices/abc/expire!')).toBe('/invoices/abc/expire!');
    expect(decodeBangInPath('/v2/invoices?external_id=a%21b')).toBe('/v2/invoices?external_id=a%21b');
  });
});
