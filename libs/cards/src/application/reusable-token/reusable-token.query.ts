import { Query } from '@nestjs/cqrs';

export interface ReusableTokenCheck {
  reusable: boolean;
  /** Why not, for the caller's error message (never card data). */
  reason?: 'NOT_FOUND' | 'SINGLE_USE' | 'CARD_EXPIRED';
}

/**
 * Can this token be charged again and again without the payer (a recurring payment's
 * `credit_card_token`)? Only a multiple-use token of this business and mode whose card has not
 * expired. Another business's or mode's token is NOT_FOUND, as everywhere.
 */
export class CheckReusableCardTokenQuery extends Query<ReusableTokenCheck> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly tokenId: string,
  ) {
    super();
  }
}
