import type { BusinessSettings } from '@gateway/accounts';
import {
  type InstrumentCandidate,
  type InstrumentOpening,
  type NumberRange,
  numberRange,
  offsetFrom,
  probeSuffixes,
} from '@gateway/fixed-instruments';
import type { Mode } from '@gateway/clock';
import { enabledBanks, VA_BANKS, type VaBank } from '../domain/va-banks';
import { DEFAULT_SUFFIX_END, DEFAULT_SUFFIX_START, requestedSuffix } from '../domain/va-number-range';
import type { VirtualAccountTypes } from '../domain/virtual-account.decider';
import type { VirtualAccountOrigin } from '../domain/virtual-account.events';
import { virtualAccountId } from './virtual-account-kind';

export interface OpenVirtualAccount {
  businessId: string;
  mode: Mode;
  externalId: string;
  bankCode: string;
  name: string;
  virtualAccountNumber?: string;
  suggestedAmount?: number;
  isClosed: boolean;
  expectedAmount?: number;
  isSingleUse: boolean;
  expirationDate?: Date;
  origin: VirtualAccountOrigin;
}

export interface VaTerms {
  enabled: VaBank[];
  /** The business's range for a bank (its setting, else the default); undefined for an unknown bank. */
  rangeFor(bankCode: string): NumberRange | undefined;
}

/** What a business's settings (accounts context) say about its virtual accounts: banks and number ranges. */
export function vaTermsOf(settings: BusinessSettings): VaTerms {
  return {
    enabled: enabledBanks(settings.enabledPaymentChannels),
    rangeFor(bankCode) {
      const configured = settings.virtualAccountRanges?.[bankCode];
      if (configured) return numberRange(configured.merchantCode, configured.rangeStart, configured.rangeEnd);
      const bank = VA_BANKS.find((b) => b.code === bankCode);
      return bank && numberRange(bank.defaultMerchantCode, DEFAULT_SUFFIX_START, DEFAULT_SUFFIX_END);
    },
  };
}

/** Numbers tried before a random allocation gives up (the whole range when it is smaller). */
export const MAX_PROBES = 200;

/**
 * The numbers an account may open on: the requested one (refused when outside the range), or
 * consecutive numbers of the range from an offset drawn from `draw` (the kernel's IdGenerator).
 */
export function* accountCandidates(
  at: { businessId: string; mode: Mode; bankCode: string },
  range: NumberRange,
  requested: string | undefined,
  draw: () => string,
): Generator<InstrumentCandidate<VirtualAccountTypes>> {
  const suffixes =
    requested !== undefined
      ? [requestedSuffix(range, requested)]
      : probeSuffixes(range, offsetFrom(draw()), MAX_PROBES);
  for (const suffix of suffixes) {
    yield {
      instrumentId: virtualAccountId(at.businessId, at.mode, at.bankCode, `${range.merchantCode}${suffix}`),
      placement: { suffix },
    };
  }
}

/**
 * How an account opens (the kernel opens it): on a number of the business's range for the bank,
 * the requested one or a free one. Used by fixed VA creation and by invoices (customer accounts).
 */
export function virtualAccountOpening(
  request: OpenVirtualAccount,
  settings: BusinessSettings,
): InstrumentOpening<VirtualAccountTypes> {
  const { businessId, mode, bankCode } = request;
  const terms = vaTermsOf(settings);
  const range = terms.rangeFor(bankCode);
  return {
    channel: bankCode,
    requested: request.virtualAccountNumber !== undefined,
    fields: {
      ...request,
      enabledBankCodes: terms.enabled.map((bank) => bank.code),
      merchantCode: range?.merchantCode ?? '',
      suffix: '',
      // The simulated bank (test mode) confirms at once; live mode ships no bank connector.
      confirmedByBank: mode === 'test',
    },
    // The draft passes only for a known bank, which has a range.
    candidates: (draw) => accountCandidates({ businessId, mode, bankCode }, range!, request.virtualAccountNumber, draw),
  };
}
