import { CreateApiKeyCommand, type ProvisionedBusiness, UpdateSettingsCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { uploadFile, PNG_BYTES } from './support/files';

const V2 = { 'api-version': '2020-10-31' };
const LEGACY = { 'api-version': '2020-05-19' };

let counter = 0;
const ref = (prefix = 'ref') => `${prefix}-${Date.now()}-${counter++}`;

const individual = (overrides: Record<string, unknown> = {}) => ({
  reference_id: ref(),
  type: 'INDIVIDUAL',
  individual_detail: {
    given_names: 'Budi',
    surname: 'Santoso',
    nationality: 'ID',
    date_of_birth: '1990-01-31',
    gender: 'MALE',
  },
  email: 'budi@example.com',
  mobile_number: '+6281234567890',
  addresses: [{ country: 'ID', city: 'Jakarta', street_line1: 'Jalan Sudirman 1', category: 'HOME', is_primary: true }],
  identity_accounts: [
    {
      type: 'BANK_ACCOUNT',
      company: 'BCA',
      country: 'ID',
      properties: { account_number: '1234567890', account_holder_name: 'Budi Santoso' },
    },
  ],
  description: 'A loyal customer',
  metadata: { tier: 'gold' },
  ...overrides,
});

const business = (overrides: Record<string, unknown> = {}) => ({
  reference_id: ref('biz'),
  type: 'BUSINESS',
  business_detail: {
    business_name: 'Warung Kopi',
    business_type: 'SOLE_PROPRIETOR',
    business_domicile: 'ID',
    date_of_registration: '2015-06-01',
  },
  identity_accounts: [
    { type: 'EWALLET', properties: { account_number: '+6281234567890', currency: 'IDR' } },
    { type: 'CREDIT_CARD', properties: { token_id: 'tok_123' } },
    { type: 'OTC', properties: { payment_code: 'XYZ123', expires_at: '2030-01-01' } },
    { type: 'QR_CODE', properties: { qr_string: '000201010211' } },
    { type: 'PAY_LATER', properties: { account_id: 'pl_1', account_holder_name: 'Warung' } },
    { type: 'SOCIAL_MEDIA', properties: { account_id: 'sm_1', account_handle: '@warung' } },
  ],
  ...overrides,
});

describe('customers (both API versions)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let other: ProvisionedBusiness;
  const api = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(gateway.baseUrl, key, method, path, { body, headers });

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    other = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  describe('2020-10-31', () => {
    it('creates an individual, reads it by id and by reference, in both shapes', async () => {
      const body = individual();
      const created = await api(merchant.test.secret_key, 'POST', '/customers', body, V2);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        id: expect.stringMatching(/^cust-/),
        reference_id: body.reference_id,
        type: 'INDIVIDUAL',
        individual_detail: {
          given_names: 'Budi',
          surname: 'Santoso',
          nationality: 'ID',
          gender: 'MALE',
          place_of_birth: null,
        },
        business_detail: null,
        email: 'budi@example.com',
        mobile_number: '+6281234567890',
        phone_number: null,
        addresses: [
          {
            country: 'ID',
            city: 'Jakarta',
            street_line1: 'Jalan Sudirman 1',
            category: 'HOME',
            is_primary: true,
            postal_code: null,
          },
        ],
        identity_accounts: body.identity_accounts,
        kyc_documents: [],
        metadata: { tier: 'gold' },
        created: expect.any(String),
        updated: expect.any(String),
      });
      const id = created.body.id;

      const fetched = await api(merchant.test.secret_key, 'GET', `/customers/${id}`, undefined, V2);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(created.body);

      const page = await api(
        merchant.test.secret_key,
        'GET',
        `/customers?reference_id=${body.reference_id}`,
        undefined,
        V2,
      );
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ data: [created.body], has_more: false });

      const legacy = await api(merchant.test.secret_key, 'GET', `/customers/${id}`);
      expect(legacy.status).toBe(200);
      expect(legacy.body).toEqual({
        id,
        reference_id: body.reference_id,
        given_names: 'Budi',
        middle_name: null,
        surname: 'Santoso',
        email: 'budi@example.com',
        mobile_number: '+6281234567890',
        phone_number: null,
        hashed_phone_number: null,
        nationality: 'ID',
        date_of_birth: '1990-01-31',
        addresses: [
          {
            country: 'ID',
            street_line1: 'Jalan Sudirman 1',
            street_line2: null,
            city: 'Jakarta',
            province: null,
            state: null,
            postal_code: null,
          },
        ],
        description: 'A loyal customer',
        metadata: { tier: 'gold' },
      });
    });

    it('creates a business customer with every kind of identity account', async () => {
      const created = await api(merchant.test.secret_key, 'POST', '/customers', business(), V2);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        type: 'BUSINESS',
        individual_detail: null,
        business_detail: { business_name: 'Warung Kopi' },
      });
      expect(created.body.identity_accounts).toHaveLength(6);
      const legacy = await api(merchant.test.secret_key, 'GET', `/customers/${created.body.id}`, undefined, LEGACY);
      expect(legacy.body.given_names).toBe('Warung Kopi');
    });

    it('accepts KYC documents whose images are files of the same business and mode', async () => {
      const file = await uploadFile(gateway.baseUrl, merchant.test.secret_key, { bytes: PNG_BYTES, type: 'image/png' });
      expect(file.status).toBe(200);
      const kyc = [
        {
          country: 'ID',
          type: 'IDENTITY_CARD',
          sub_type: 'NATIONAL_ID',
          document_number: '3171',
          document_images: [file.body.id],
        },
      ];
      const created = await api(merchant.test.secret_key, 'POST', '/customers', individual({ kyc_documents: kyc }), V2);
      expect(created.status).toBe(200);
      expect(created.body.kyc_documents).toEqual(kyc);

      // The same file id from another business, or from the live mode, does not exist.
      for (const key of [other.test.secret_key, merchant.live.secret_key]) {
        const refused = await api(key, 'POST', '/customers', individual({ kyc_documents: kyc }), V2);
        expect(refused.status).toBe(400);
        expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
        expect(refused.body.errors[0]).toMatchObject({
          field: ['kyc_documents', '0', 'document_images', '0'],
          types: ['fileExists'],
        });
      }
    });

    it.each([
      ['no identity_accounts', { identity_accounts: undefined }, 'identity_accounts'],
      ['an unknown type', { type: 'ROBOT' }, 'type'],
      [
        'business_detail on an INDIVIDUAL',
        { business_detail: { business_name: 'X', business_type: 'TRUST' } },
        'business_detail',
      ],
      ['no individual_detail for an INDIVIDUAL', { individual_detail: null }, 'individual_detail'],
      ['given_names missing', { individual_detail: { surname: 'S' } }, 'individual_detail'],
      ['a mobile number not in E.164', { mobile_number: '081234567890' }, 'mobile_number'],
      ['a phone number over 15 digits', { phone_number: '+1234567890123456' }, 'phone_number'],
      ['an email over 50 characters', { email: `${'a'.repeat(45)}@example.com` }, 'email'],
      ['an email that is not one', { email: 'not-an-email' }, 'email'],
      ['a description over 500 characters', { description: 'd'.repeat(501) }, 'description'],
      ['a hashed phone number over 255 characters', { hashed_phone_number: 'h'.repeat(256) }, 'hashed_phone_number'],
      [
        'a date of birth that is not a date',
        { individual_detail: { given_names: 'B', date_of_birth: '1990-02-30' } },
        'individual_detail',
      ],
      [
        'a nationality that is not a country code',
        { individual_detail: { given_names: 'B', nationality: 'Indonesia' } },
        'individual_detail',
      ],
      ['an address without a country', { addresses: [{ city: 'Jakarta' }] }, 'addresses'],
      [
        'an address line over 255 characters',
        { addresses: [{ country: 'ID', street_line1: 's'.repeat(256) }] },
        'addresses',
      ],
      ['an unknown address category', { addresses: [{ country: 'ID', category: 'MOON' }] }, 'addresses'],
      [
        'a company over 100 characters',
        { identity_accounts: [{ type: 'QR_CODE', company: 'c'.repeat(101), properties: { qr_string: 'q' } }] },
        'identity_accounts',
      ],
      [
        'a bank account without its holder',
        { identity_accounts: [{ type: 'BANK_ACCOUNT', properties: { account_number: '1' } }] },
        'identity_accounts',
      ],
      [
        'a property another type has',
        { identity_accounts: [{ type: 'CREDIT_CARD', properties: { token_id: 't', account_number: '1' } }] },
        'identity_accounts',
      ],
      [
        'properties that are not an object',
        { identity_accounts: [{ type: 'CREDIT_CARD', properties: 'token' }] },
        'identity_accounts',
      ],
      [
        'a KYC document with an unknown file',
        {
          kyc_documents: [
            { country: 'ID', type: 'PASSPORT', document_images: ['file-00000000-0000-0000-0000-000000000000'] },
          ],
        },
        'kyc_documents',
      ],
      [
        'a sub_type on a passport',
        { kyc_documents: [{ country: 'ID', type: 'PASSPORT', sub_type: 'NATIONAL_ID' }] },
        'kyc_documents',
      ],
      ['an unknown KYC document type', { kyc_documents: [{ country: 'ID', type: 'SELFIE' }] }, 'kyc_documents'],
      [
        'metadata with 51 keys',
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
        'metadata',
      ],
      ['a metadata key over 40 characters', { metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
      ['a metadata value over 500 characters', { metadata: { k: 'v'.repeat(501) } }, 'metadata'],
      ['metadata that is an array', { metadata: ['a'] }, 'metadata'],
      ['a reference_id over 255 characters', { reference_id: 'r'.repeat(256) }, 'reference_id'],
      ['a numeric reference_id', { reference_id: 42 }, 'reference_id'],
    ])('refuses %s with API_VALIDATION_ERROR', async (_name, overrides, field) => {
      const response = await api(merchant.test.secret_key, 'POST', '/customers', individual(overrides), V2);
      expect(response.status).toBe(400);
      expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
      expect(response.body.message).toEqual(expect.any(String));
      expect(response.body.errors.map((error: { field: string[] }) => error.field[0])).toContain(field);
    });

    it('refuses individual_detail on a BUSINESS customer and a BUSINESS without business_detail', async () => {
      const withIndividual = await api(
        merchant.test.secret_key,
        'POST',
        '/customers',
        business({ individual_detail: { given_names: 'B' } }),
        V2,
      );
      expect(withIndividual.status).toBe(400);
      const withoutDetail = await api(
        merchant.test.secret_key,
        'POST',
        '/customers',
        business({ business_detail: undefined }),
        V2,
      );
      expect(withoutDetail.status).toBe(400);
    });

    it('accepts the limits exactly', async () => {
      const response = await api(
        merchant.test.secret_key,
        'POST',
        '/customers',
        individual({
          email: `${'a'.repeat(38)}@example.com`,
          mobile_number: '+123456789012345',
          description: 'd'.repeat(500),
          metadata: Object.fromEntries(
            Array.from({ length: 50 }, (_, i) => [`${'k'.repeat(38)}${String(i).padStart(2, '0')}`, 'v'.repeat(500)]),
          ),
        }),
        V2,
      );
      expect(response.status).toBe(200);
    });

    it('answers bad bodies with 4xx, never 5xx', async () => {
      for (const body of ['[]', 'null', '"text"', '{"reference_id":', '{}']) {
        const response = await api(merchant.test.secret_key, 'POST', '/customers', body, V2);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.body.error_code).toEqual(expect.any(String));
      }
    });

    it('pages the lookup with after_id and validates its query', async () => {
      const created = await api(merchant.test.secret_key, 'POST', '/customers', individual(), V2);
      const reference = created.body.reference_id;
      const first = await api(
        merchant.test.secret_key,
        'GET',
        `/customers?reference_id=${reference}&limit=1`,
        undefined,
        V2,
      );
      expect(first.body).toEqual({ data: [expect.objectContaining({ id: created.body.id })], has_more: false });
      const after = await api(
        merchant.test.secret_key,
        'GET',
        `/customers?reference_id=${reference}&after_id=${created.body.id}`,
        undefined,
        V2,
      );
      expect(after.body).toEqual({ data: [], has_more: false });
      const none = await api(merchant.test.secret_key, 'GET', '/customers?reference_id=never-used', undefined, V2);
      expect(none.body).toEqual({ data: [], has_more: false });
      for (const query of [
        '',
        '?reference_id=',
        '?reference_id=a&reference_id=b',
        '?reference_id=a&limit=0',
        '?reference_id=a&limit=101',
        '?reference_id=a&limit=x',
      ]) {
        const bad = await api(merchant.test.secret_key, 'GET', `/customers${query}`, undefined, V2);
        expect(bad.status).toBe(400);
        expect(bad.body.error_code).toBe('API_VALIDATION_ERROR');
      }
    });
  });

  describe('reference_id is unique per business and mode', () => {
    it('refuses a second customer with the same reference with 409 DUPLICATE_ERROR, in either version', async () => {
      const body = individual();
      expect((await api(merchant.test.secret_key, 'POST', '/customers', body, V2)).status).toBe(200);
      const again = await api(merchant.test.secret_key, 'POST', '/customers', body, V2);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        error_code: 'DUPLICATE_ERROR',
        message: expect.stringContaining(body.reference_id),
      });
      const legacy = await api(merchant.test.secret_key, 'POST', '/customers', {
        reference_id: body.reference_id,
        given_names: 'X',
        email: 'x@example.com',
      });
      expect(legacy.status).toBe(409);
      // Another mode and another business have their own references.
      expect((await api(merchant.live.secret_key, 'POST', '/customers', body, V2)).status).toBe(200);
      expect((await api(other.test.secret_key, 'POST', '/customers', body, V2)).status).toBe(200);
    });

    it('holds under parallel requests: exactly one of many concurrent creations wins', async () => {
      const body = individual();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => api(merchant.test.secret_key, 'POST', '/customers', body, V2)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(11);
      const page = await api(
        merchant.test.secret_key,
        'GET',
        `/customers?reference_id=${body.reference_id}`,
        undefined,
        V2,
      );
      expect(page.body.data).toHaveLength(1);
    });

    it('does not reserve a reference for a refused request', async () => {
      const body = individual({ mobile_number: 'bad' });
      expect((await api(merchant.test.secret_key, 'POST', '/customers', body, V2)).status).toBe(400);
      const invalidByDomain = individual({
        reference_id: body.reference_id,
        identity_accounts: [{ type: 'CREDIT_CARD', properties: {} }],
      });
      expect((await api(merchant.test.secret_key, 'POST', '/customers', invalidByDomain, V2)).status).toBe(400);
      expect(
        (await api(merchant.test.secret_key, 'POST', '/customers', individual({ reference_id: body.reference_id }), V2))
          .status,
      ).toBe(200);
    });
  });

  describe('PATCH /customers/:id', () => {
    const create = async (body: object = individual()) =>
      (await api(merchant.test.secret_key, 'POST', '/customers', body, V2)).body;
    const patch = (id: string, body: unknown, headers = V2, key = merchant.test.secret_key) =>
      api(key, 'PATCH', `/customers/${id}`, body, headers);

    it('changes present fields, keeps absent ones, removes nulls and replaces arrays whole', async () => {
      const customer = await create();
      const updated = await patch(customer.id, {
        email: null,
        description: 'Now a platinum customer',
        addresses: [{ country: 'SG', city: 'Singapore' }],
        metadata: { tier: 'platinum' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        id: customer.id,
        reference_id: customer.reference_id,
        email: null,
        mobile_number: '+6281234567890',
        description: 'Now a platinum customer',
        addresses: [{ country: 'SG', city: 'Singapore', street_line1: null, is_primary: false }],
        metadata: { tier: 'platinum' },
        individual_detail: customer.individual_detail,
        identity_accounts: customer.identity_accounts,
      });
      const fetched = await api(merchant.test.secret_key, 'GET', `/customers/${customer.id}`, undefined, V2);
      expect(fetched.body).toEqual(updated.body);
      // An empty update changes nothing.
      const unchanged = await patch(customer.id, {});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.description).toBe('Now a platinum customer');
    });

    it('keeps reference_id and type: the same value is accepted, another is refused', async () => {
      const customer = await create();
      expect((await patch(customer.id, { reference_id: customer.reference_id, type: 'INDIVIDUAL' })).status).toBe(200);
      for (const body of [{ reference_id: 'another' }, { type: 'BUSINESS' }]) {
        const refused = await patch(customer.id, body);
        expect(refused.status).toBe(400);
        expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
        expect(refused.body.errors[0].types).toEqual(['immutable']);
      }
    });

    it('refuses a detail that does not match the type, and removing the required one', async () => {
      const person = await create();
      expect((await patch(person.id, { business_detail: { business_name: 'X', business_type: 'TRUST' } })).status).toBe(
        400,
      );
      expect((await patch(person.id, { individual_detail: null })).status).toBe(400);
      const company = await create(business());
      expect((await patch(company.id, { individual_detail: { given_names: 'B' } })).status).toBe(400);
      expect(
        (await patch(company.id, { business_detail: { business_name: 'Kopi Kenangan', business_type: 'CORPORATION' } }))
          .status,
      ).toBe(200);
    });

    it('limits free text to letters, digits and spaces on update', async () => {
      const customer = await create();
      const refused = await patch(customer.id, { description: 'Hello <script>' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field: ['description'], types: ['isAlphanumeric'] });
      expect((await patch(customer.id, { individual_detail: { given_names: 'Budi!' } })).status).toBe(400);
      expect((await patch(customer.id, { addresses: [{ country: 'ID', street_line1: 'Jl. Sudirman' }] })).status).toBe(
        400,
      );
      expect(
        (await patch(customer.id, { individual_detail: { given_names: 'Budi Agung', surname: 'Santoso 2' } })).status,
      ).toBe(200);
    });

    it('validates identity accounts, KYC files and metadata on update too', async () => {
      const customer = await create();
      expect((await patch(customer.id, { identity_accounts: [{ type: 'OTC', properties: {} }] })).status).toBe(400);
      expect((await patch(customer.id, { metadata: { ['k'.repeat(41)]: 'v' } })).status).toBe(400);
      expect(
        (
          await patch(customer.id, {
            kyc_documents: [
              { country: 'ID', type: 'VISA', document_images: ['file-00000000-0000-0000-0000-000000000000'] },
            ],
          })
        ).status,
      ).toBe(400);
      expect((await patch(customer.id, { mobile_number: '12345' })).status).toBe(400);
      expect((await patch(customer.id, { identity_accounts: null })).body.identity_accounts).toEqual([]);
    });

    it('answers DATA_NOT_FOUND for unknown ids and for customers of another business or mode', async () => {
      const customer = await create();
      for (const [key, id] of [
        [merchant.test.secret_key, 'cust-00000000-0000-0000-0000-000000000000'],
        [merchant.test.secret_key, 'not-an-id'],
        [other.test.secret_key, customer.id],
        [merchant.live.secret_key, customer.id],
      ]) {
        const patched = await patch(id, { description: 'x' }, V2, key);
        expect(patched.status).toBe(404);
        expect(patched.body.error_code).toBe('DATA_NOT_FOUND');
        const fetched = await api(key, 'GET', `/customers/${id}`, undefined, V2);
        expect(fetched.status).toBe(404);
        expect(fetched.body.error_code).toBe('DATA_NOT_FOUND');
      }
    });
  });

  describe('2020-05-19 (no header, empty header or the date)', () => {
    const legacyBody = () => ({
      reference_id: ref('legacy'),
      given_names: 'Siti',
      middle_name: 'Nur',
      surname: 'Aminah',
      email: 'siti@example.com',
      nationality: 'ID',
      date_of_birth: '1985-12-01',
      addresses: [{ country: 'ID', city: 'Bandung', province: 'Jawa Barat', postal_code: '40111' }],
      metadata: { source: 'web' },
    });

    it.each([
      ['no header', {}],
      ['an empty header', { 'api-version': '' }],
      ['the date', LEGACY],
    ])('uses the flat shape with %s', async (_name, headers) => {
      const body = legacyBody();
      const created = await api(merchant.test.secret_key, 'POST', '/customers', body, headers);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^cust-/),
        reference_id: body.reference_id,
        given_names: 'Siti',
        middle_name: 'Nur',
        surname: 'Aminah',
        email: 'siti@example.com',
        mobile_number: null,
        phone_number: null,
        hashed_phone_number: null,
        nationality: 'ID',
        date_of_birth: '1985-12-01',
        addresses: [
          {
            country: 'ID',
            street_line1: null,
            street_line2: null,
            city: 'Bandung',
            province: 'Jawa Barat',
            state: null,
            postal_code: '40111',
          },
        ],
        description: null,
        metadata: { source: 'web' },
      });
      const list = await api(
        merchant.test.secret_key,
        'GET',
        `/customers?reference_id=${body.reference_id}`,
        undefined,
        headers,
      );
      expect(list.status).toBe(200);
      expect(list.body).toEqual([created.body]);
      const current = await api(merchant.test.secret_key, 'GET', `/customers/${created.body.id}`, undefined, V2);
      expect(current.body).toMatchObject({
        type: 'INDIVIDUAL',
        individual_detail: { given_names: 'Siti', surname: 'Aminah' },
        identity_accounts: [],
      });
    });

    it('needs given_names, and an email or a mobile number', async () => {
      const { email: _email, ...withoutEmail } = legacyBody();
      for (const body of [
        { ...legacyBody(), given_names: undefined },
        withoutEmail,
        { ...legacyBody(), mobile_number: '0812' },
      ]) {
        const response = await api(merchant.test.secret_key, 'POST', '/customers', body);
        expect(response.status).toBe(400);
        expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
      }
      expect(
        (await api(merchant.test.secret_key, 'POST', '/customers', { ...withoutEmail, mobile_number: '+628123456789' }))
          .status,
      ).toBe(200);
    });

    it('updates single name fields inside the individual detail', async () => {
      const created = await api(merchant.test.secret_key, 'POST', '/customers', legacyBody());
      const updated = await api(
        merchant.test.secret_key,
        'PATCH',
        `/customers/${created.body.id}`,
        { surname: 'Rahma', middle_name: null, reference_id: created.body.reference_id },
        { 'api-version': '' },
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        given_names: 'Siti',
        middle_name: null,
        surname: 'Rahma',
        email: 'siti@example.com',
      });
      expect(
        (await api(merchant.test.secret_key, 'PATCH', `/customers/${created.body.id}`, { given_names: null })).status,
      ).toBe(400);
      expect(
        (await api(merchant.test.secret_key, 'PATCH', `/customers/${created.body.id}`, { reference_id: 'other' }))
          .status,
      ).toBe(400);
      const company = await api(merchant.test.secret_key, 'POST', '/customers', business(), V2);
      expect(
        (await api(merchant.test.secret_key, 'PATCH', `/customers/${company.body.id}`, { given_names: 'Kopi' })).status,
      ).toBe(400);
      expect(
        (await api(merchant.test.secret_key, 'PATCH', `/customers/${company.body.id}`, { email: 'kopi@example.com' }))
          .status,
      ).toBe(200);
    });

    it('refuses a version that does not exist', async () => {
      const response = await api(merchant.test.secret_key, 'GET', '/customers?reference_id=x', undefined, {
        'api-version': '2021-01-01',
      });
      expect(response.status).toBe(400);
      expect(response.body.error_code).toBe('API_VERSION_NOT_SUPPORTED_ERROR');
    });

    it('follows the account default when no header is sent, but not for an empty header', async () => {
      const business = await provisionBusiness(gateway.app);
      await gateway.app
        .get(CommandBus)
        .execute(
          new UpdateSettingsCommand(
            business.business_id,
            'test',
            { apiVersions: { customers: '2020-10-31' } },
            { requestId: 'req_settings', actor: 'system:test' },
          ),
        );
      const body = individual();
      const created = await api(business.test.secret_key, 'POST', '/customers', body);
      expect(created.status).toBe(200);
      expect(created.body.type).toBe('INDIVIDUAL');
      const flat = await api(business.test.secret_key, 'GET', `/customers/${created.body.id}`, undefined, {
        'api-version': '',
      });
      expect(flat.body.given_names).toBe('Budi');
    });
  });

  describe('permissions', () => {
    it('needs customers:write to write and customers:read to read', async () => {
      const readOnly = await gateway.app.get(CommandBus).execute(
        new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'read only', ['customers:read'], {
          requestId: 'req_key',
          actor: 'system:test',
        }),
      );
      const noCustomers = await gateway.app.get(CommandBus).execute(
        new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'money in', ['money_in:read'], {
          requestId: 'req_key2',
          actor: 'system:test',
        }),
      );
      const created = await api(merchant.test.secret_key, 'POST', '/customers', individual(), V2);
      expect((await api(readOnly.key, 'POST', '/customers', individual(), V2)).status).toBe(403);
      expect((await api(readOnly.key, 'PATCH', `/customers/${created.body.id}`, { description: 'x' }, V2)).status).toBe(
        403,
      );
      expect((await api(readOnly.key, 'GET', `/customers/${created.body.id}`, undefined, V2)).status).toBe(200);
      const forbidden = await api(noCustomers.key, 'GET', `/customers/${created.body.id}`, undefined, V2);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
      expect((await call(gateway.baseUrl, undefined, 'GET', `/customers/${created.body.id}`)).status).toBe(401);
    });
  });
});
