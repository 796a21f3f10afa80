import { CheckReusableCardTokenQuery } from '@gateway/cards';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RecurringErrors } from '../domain/recurring.errors';

const REASONS = {
  NOT_FOUND: 'no such token',
  SINGLE_USE: 'this token is single-use',
  CARD_EXPIRED: "the token's card has expired",
} as const;

/**
 * `credit_card_token` at create and PATCH: a token each cycle can charge without the payer, else
 * INVALID_CREDIT_CARD_TOKEN_ERROR (400).
 */
@Injectable()
export class RechargeTokenCheck {
  constructor(private readonly queries: QueryBus) {}

  async assertUsable(businessId: string, mode: 'test' | 'live', tokenId: string | undefined): Promise<void> {
    if (tokenId === undefined) return;
    const check = await this.queries.execute(new CheckReusableCardTokenQuery(businessId, mode, tokenId));
    if (!check.reusable) throw RecurringErrors.invalidCardToken(REASONS[check.reason ?? 'NOT_FOUND']);
  }
}
