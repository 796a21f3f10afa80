import { deciderSpec } from '@gateway/testing';
import type { CustomerProfile } from './customer-profile';
import { customerDecider } from './customer.decider';
import type { CustomerCreated, CustomerUpdated } from './customer.events';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T11:00:00.000Z');
const spec = deciderSpec(customerDecider);
const noFiles = new Set<string>();

const person: CustomerProfile = {
  type: 'INDIVIDUAL',
  individual_detail: { given_names: 'Budi', surname: 'Santoso' },
  business_detail: null,
  email: 'budi@example.com',
  addresses: [{ country: 'ID', city: 'Jakarta' }],
  identity_accounts: [{ type: 'BANK_ACCOUNT', properties: { account_number: '1', account_holder_name: 'Budi' } }],
  kyc_documents: [],
  metadata: { tier: 'gold' },
};
const company: CustomerProfile = {
  ...person,
  type: 'BUSINESS',
  individual_detail: null,
  business_detail: { business_name: 'Warung', business_type: 'TRUST' },
};

const create = (profile: CustomerProfile, existingFileIds: Set<string> = noFiles) => ({
  type: 'CreateCustomer' as const,
  customerId: 'cust-1',
  businessId: 'biz_1',
  mode: 'test' as const,
  referenceId: 'ref-1',
  profile,
  existingFileIds,
  now,
});
const created = (profile: CustomerProfile = person): CustomerCreated => ({
  type: 'CustomerCreated',
  data: {
    customerId: 'cust-1',
    businessId: 'biz_1',
    mode: 'test',
    referenceId: 'ref-1',
    profile,
    createdAt: now.toISOString(),
  },
});
const update = (changes: object, extra: object = {}) => ({
  type: 'UpdateCustomer' as const,
  customerId: 'cust-1',
  businessId: 'biz_1',
  mode: 'test' as const,
  changes,
  existingFileIds: noFiles,
  now: later,
  ...extra,
});
const updated = (changes: object): CustomerUpdated => ({
  type: 'CustomerUpdated',
  data: { customerId: 'cust-1', changes, updatedAt: later.toISOString() },
});

describe('customer decider', () => {
  describe('creation', () => {
    it.each([
      ['an individual', person],
      ['a business', company],
    ])('creates %s customer', (_kind, profile) =>
      spec
        .given([])
        .when(create(profile))
        .then([created(profile)]),
    );

    it('refuses to create the same customer twice', () => {
      spec.given([created()]).when(create(person)).thenThrows('API_VALIDATION_ERROR');
    });

    it.each([
      ['business_detail on an individual', { ...person, business_detail: company.business_detail }],
      ['an individual without individual_detail', { ...person, individual_detail: null }],
      ['an individual without given_names', { ...person, individual_detail: { given_names: '' } }],
      ['individual_detail on a business', { ...company, individual_detail: person.individual_detail }],
      ['a business without business_detail', { ...company, business_detail: null }],
      [
        'an EWALLET without account_number',
        { ...person, identity_accounts: [{ type: 'EWALLET', properties: { currency: 'IDR' } }] },
      ],
      [
        'a property the type does not have',
        { ...person, identity_accounts: [{ type: 'QR_CODE', properties: { qr_string: 'q', token_id: 't' } }] },
      ],
      [
        'a currency that is not ISO 4217',
        { ...person, identity_accounts: [{ type: 'PAY_LATER', properties: { account_id: 'a', currency: 'rupiah' } }] },
      ],
      [
        'an OTC expiry that is not a date',
        { ...person, identity_accounts: [{ type: 'OTC', properties: { payment_code: 'p', expires_at: 'soon' } }] },
      ],
      [
        'a property that is not a string',
        { ...person, identity_accounts: [{ type: 'CREDIT_CARD', properties: { token_id: 42 } }] },
      ],
      [
        'a KYC image that does not exist',
        { ...person, kyc_documents: [{ country: 'ID', type: 'PASSPORT' as const, document_images: ['file-x'] }] },
      ],
      [
        'a sub_type outside identity cards',
        { ...person, kyc_documents: [{ country: 'ID', type: 'VISA' as const, sub_type: 'TAX_ID' as const }] },
      ],
      [
        '51 metadata keys',
        { ...person, metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
      ],
      ['a 41-character metadata key', { ...person, metadata: { ['k'.repeat(41)]: 1 } }],
      ['a 501-character metadata value', { ...person, metadata: { k: 'v'.repeat(501) } }],
    ])('refuses %s', (_name, profile) => {
      spec
        .given([])
        .when(create(profile as CustomerProfile))
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('accepts KYC images that exist for the business and mode', () => {
      const profile: CustomerProfile = {
        ...person,
        kyc_documents: [{ country: 'ID', type: 'IDENTITY_CARD', sub_type: 'NATIONAL_ID', document_images: ['file-a'] }],
      };
      spec
        .given([])
        .when(create(profile, new Set(['file-a'])))
        .then([created(profile)]);
    });
  });

  describe('update', () => {
    it('records only what changes; absent fields stay, null removes, arrays are replaced whole', () => {
      spec
        .given([created()])
        .when(update({ email: null, addresses: [{ country: 'SG' }], description: 'New', metadata: { tier: 'gold' } }))
        .then([updated({ email: null, addresses: [{ country: 'SG' }], description: 'New' })]);
      spec
        .given([created(), updated({ email: null, addresses: [{ country: 'SG' }] })])
        .when(update({ description: 'Again' }))
        .thenState({
          status: 'existing',
          customerId: 'cust-1',
          businessId: 'biz_1',
          mode: 'test',
          referenceId: 'ref-1',
          profile: { ...person, email: undefined, addresses: [{ country: 'SG' }], description: 'Again' },
          createdAt: now.toISOString(),
          updatedAt: later.toISOString(),
        });
    });

    it('records nothing when nothing changes', () => {
      spec.given([created()]).when(update({})).then([]);
      spec
        .given([created()])
        .when(update({ email: 'budi@example.com' }))
        .then([]);
    });

    it.each([
      ['an unknown customer', [], {}],
      ['a customer of another business', [created()], { businessId: 'biz_2' }],
      ['a customer of another mode', [created()], { mode: 'live' }],
    ])('answers DATA_NOT_FOUND for %s', (_whose, history, asker) =>
      spec
        .given(history)
        .when(update({ email: 'x@example.com' }, asker))
        .thenThrows('DATA_NOT_FOUND'),
    );

    it('keeps reference_id and type', () => {
      spec
        .given([created()])
        .when(update({}, { referenceId: 'ref-1', customerType: 'INDIVIDUAL' }))
        .then([]);
      spec
        .given([created()])
        .when(update({}, { referenceId: 'ref-2' }))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([created()])
        .when(update({}, { customerType: 'BUSINESS' }))
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('refuses detail that does not match the type', () => {
      spec
        .given([created()])
        .when(update({ business_detail: company.business_detail }))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([created()])
        .when(update({ individual_detail: null }))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([created(company)])
        .when(update({ individual_detail: { given_names: 'B' } }))
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('allows only letters, digits and spaces in free text', () => {
      spec
        .given([created()])
        .when(update({ description: 'Café 24 jam' }))
        .then([updated({ description: 'Café 24 jam' })]);
      for (const changes of [
        { description: 'a;b' },
        { individual_detail: { given_names: "O'Brien" } },
        { addresses: [{ country: 'ID', city: 'Jakarta-Selatan' }] },
        { kyc_documents: [{ country: 'ID', type: 'PASSPORT', holder_name: 'Budi.' }] },
        { business_detail: { business_name: 'A&B', business_type: 'TRUST' } },
      ]) {
        spec
          .given([created(company)])
          .when(update(changes))
          .thenThrows('API_VALIDATION_ERROR');
      }
    });

    it('checks KYC images only when the documents change', () => {
      const withImage: CustomerProfile = {
        ...person,
        kyc_documents: [{ country: 'ID', type: 'PASSPORT', document_images: ['file-a'] }],
      };
      // file-a has since been deleted: an unrelated change still goes through.
      spec
        .given([created(withImage)])
        .when(update({ description: 'New' }))
        .then([updated({ description: 'New' })]);
      spec
        .given([created(withImage)])
        .when(
          update({
            kyc_documents: [
              { country: 'ID', type: 'PASSPORT', document_images: ['file-a'] },
              { country: 'ID', type: 'VISA' },
            ],
          }),
        )
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('changes the 2020-05-19 name fields inside individual_detail, for individuals only', () => {
      spec
        .given([created()])
        .when(update({}, { legacyIndividualChanges: { surname: null, middle_name: 'Agung' } }))
        .then([updated({ individual_detail: { given_names: 'Budi', middle_name: 'Agung' } })]);
      spec
        .given([created()])
        .when(update({}, { legacyIndividualChanges: { given_names: null } }))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([created(company)])
        .when(update({}, { legacyIndividualChanges: { given_names: 'Kopi' } }))
        .thenThrows('API_VALIDATION_ERROR');
    });

    it(
      'flat name fields sent with an individual_detail change that detail (a 2020-10-31 update from xendit-node, ' +
        'issue 19 item 22)',
      () => {
        spec
          .given([created()])
          .when(
            update(
              { individual_detail: { given_names: 'Budi', surname: 'Santoso', gender: 'MALE' } },
              { legacyIndividualChanges: { given_names: 'Andi' } },
            ),
          )
          .then([updated({ individual_detail: { given_names: 'Andi', surname: 'Santoso', gender: 'MALE' } })]);
        spec
          .given([created()])
          .when(update({}, { legacyIndividualChanges: { given_names: 'Andi' } }))
          .then([updated({ individual_detail: { given_names: 'Andi', surname: 'Santoso' } })]);
      },
    );
  });
});
