import { GetSettingsQuery } from '@gateway/accounts';
import type { FeeSchedule } from '@gateway/ledger';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { enabledBanks, VA_BANKS, type VaBank } from '../domain/va-banks';
import { DEFAULT_SUFFIX_END, DEFAULT_SUFFIX_START, numberRange, type NumberRange } from '../domain/va-number-range';

export interface VaTerms {
  enabled: VaBank[];
  /** The business's range for a bank (its setting, else the default); undefined for an unknown bank. */
  rangeFor(bankCode: string): NumberRange | undefined;
  feeSchedule?: FeeSchedule;
}

/** What a business's settings (accounts context) say about its virtual accounts. */
@Injectable()
export class BusinessVaTerms {
  constructor(private readonly queries: QueryBus) {}

  async of(businessId: string, mode: Mode): Promise<VaTerms> {
    const view = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const settings = view?.settings ?? {};
    return {
      enabled: enabledBanks(settings.enabledPaymentChannels),
      feeSchedule: settings.feeSchedule,
      rangeFor(bankCode) {
        const configured = settings.virtualAccountRanges?.[bankCode];
        if (configured) return numberRange(configured.merchantCode, configured.rangeStart, configured.rangeEnd);
        const bank = VA_BANKS.find((b) => b.code === bankCode);
        return bank && numberRange(bank.defaultMerchantCode, DEFAULT_SUFFIX_START, DEFAULT_SUFFIX_END);
      },
    };
  }
}
