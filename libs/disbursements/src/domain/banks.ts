/**
 * Destinations a disbursement can go to (gaps.md: a seeded list). Spec rules by group:
 * - `major`: eight major banks, no minimum and no maximum; BCA account numbers are exactly 10 digits
 *   (hyphens, which the spec allows in any account number, do not count: issue 19, item 18);
 * - `other`: every other bank and the three eWallets, 10,000 to 25,000,000 IDR.
 */
export type BankGroup = 'major' | 'other';

export interface DisbursementBank {
  code: string;
  name: string;
  group: BankGroup;
  kind: 'bank' | 'ewallet';
  /** The one major bank whose account numbers are exactly this many digits (hyphens not counted). */
  exactAccountDigits?: number;
  canNameValidate: boolean;
}

export const DISBURSEMENT_BANKS: readonly DisbursementBank[] = [
  {
    code: 'BCA',
    name: 'Bank Central Asia (BCA)',
    group: 'major',
    kind: 'bank',
    exactAccountDigits: 10,
    canNameValidate: true,
  },
  { code: 'BNI', name: 'Bank Negara Indonesia (BNI)', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'BRI', name: 'Bank Rakyat Indonesia (BRI)', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'MANDIRI', name: 'Bank Mandiri', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'PERMATA', name: 'Bank Permata', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'CIMB', name: 'Bank CIMB Niaga', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'DANAMON', name: 'Bank Danamon', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'BSI', name: 'Bank Syariah Indonesia (BSI)', group: 'major', kind: 'bank', canNameValidate: true },
  { code: 'BJB', name: 'Bank BJB', group: 'other', kind: 'bank', canNameValidate: false },
  { code: 'BTN', name: 'Bank Tabungan Negara (BTN)', group: 'other', kind: 'bank', canNameValidate: true },
  { code: 'MEGA', name: 'Bank Mega', group: 'other', kind: 'bank', canNameValidate: true },
  { code: 'OCBC', name: 'Bank OCBC NISP', group: 'other', kind: 'bank', canNameValidate: true },
  { code: 'PANIN', name: 'Bank Panin', group: 'other', kind: 'bank', canNameValidate: false },
  { code: 'MAYBANK', name: 'Bank Maybank Indonesia', group: 'other', kind: 'bank', canNameValidate: false },
  { code: 'SAHABAT_SAMPOERNA', name: 'Bank Sahabat Sampoerna', group: 'other', kind: 'bank', canNameValidate: false },
  { code: 'OVO', name: 'OVO', group: 'other', kind: 'ewallet', canNameValidate: false },
  { code: 'DANA', name: 'DANA', group: 'other', kind: 'ewallet', canNameValidate: false },
  { code: 'LINKAJA', name: 'LinkAja', group: 'other', kind: 'ewallet', canNameValidate: false },
];

export const OTHER_BANKS_MINIMUM = 10_000;
export const OTHER_BANKS_MAXIMUM = 25_000_000;
/** Above this a transfer goes by the T+1 rail (and may be reported to the financial authority). */
export const INSTANT_TRANSFER_MAXIMUM = 100_000_000;

export function bankByCode(code: string): DisbursementBank | undefined {
  return DISBURSEMENT_BANKS.find((bank) => bank.code === code);
}

/** How many digits an account number has: the spec allows hyphens in it, and they are not digits. */
export function accountNumberDigits(accountNumber: string): number {
  return accountNumber.replace(/\D/g, '').length;
}
