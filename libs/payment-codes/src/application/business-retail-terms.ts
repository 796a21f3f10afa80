import { GetSettingsQuery } from '@gateway/accounts';
import type { FeeSchedule } from '@gateway/ledger';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { defaultPrefix } from '../domain/payment-code.rules';
import { enabledOutlets, type RetailOutlet } from '../domain/retail-outlets';

export interface RetailTerms {
  enabled: RetailOutlet[];
  prefix: string;
  feeSchedule?: FeeSchedule;
}

/** What a business's settings (accounts context) say about its payment codes. */
@Injectable()
export class BusinessRetailTerms {
  constructor(private readonly queries: QueryBus) {}

  async of(businessId: string, mode: Mode): Promise<RetailTerms> {
    const view = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const settings = view?.settings ?? {};
    return {
      enabled: enabledOutlets(settings.enabledPaymentChannels),
      prefix: settings.retailPaymentCodePrefix ?? defaultPrefix(mode),
      feeSchedule: settings.feeSchedule,
    };
  }
}
