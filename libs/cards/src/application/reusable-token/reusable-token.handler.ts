import { DomainError } from '@gateway/domain';
import { Clock } from '@gateway/clock';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isExpired } from '../../domain/card-number';
import { TokenLoader } from '../token-loader';
import { CheckReusableCardTokenQuery, type ReusableTokenCheck } from './reusable-token.query';

@QueryHandler(CheckReusableCardTokenQuery)
export class CheckReusableCardTokenHandler implements IQueryHandler<CheckReusableCardTokenQuery, ReusableTokenCheck> {
  constructor(
    private readonly tokens: TokenLoader,
    private readonly clock: Clock,
  ) {}

  async execute(query: CheckReusableCardTokenQuery): Promise<ReusableTokenCheck> {
    const { businessId, mode, tokenId } = query;
    let token;
    try {
      token = await this.tokens.load(tokenId, businessId, mode);
    } catch (error) {
      // A malformed id, an unknown one, or one of another business or mode: all "no such token".
      if (error instanceof DomainError) return { reusable: false, reason: 'NOT_FOUND' };
      throw error;
    }
    if (!token.snapshot.isMultipleUse) return { reusable: false, reason: 'SINGLE_USE' };
    const now = await this.clock.now({ businessId, mode });
    if (isExpired(token.snapshot.expMonth, token.snapshot.expYear, now))
      return { reusable: false, reason: 'CARD_EXPIRED' };
    return { reusable: true };
  }
}
