import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { TokenView } from '../card-views';

/** What the payer's browser sent. Held in memory only: the number goes to the vault, the CVN nowhere. */
export interface CardDataInput {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvn?: string;
}

export class TokenizeCardCommand extends Command<TokenView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly card: CardDataInput,
    readonly options: { isMultipleUse: boolean; shouldAuthenticate: boolean; amount?: number },
    readonly context: RequestContext,
  ) {
    super();
  }
}
