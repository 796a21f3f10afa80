import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export interface TopUpResult {
  id: string;
  businessId: string;
  currency: string;
  channel: string;
  amount: number;
  fee: number;
  feeTax: number;
  netAmount: number;
  settled: boolean;
  created: string;
}

/** Test mode only: a simulated incoming payment into the business's balance. */
export class TopUpBalanceCommand extends Command<TopUpResult> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: { amount: number; currency: string; channel: string; settlement: 'immediate' | 'scheduled' },
    readonly context: RequestContext,
  ) {
    super();
  }
}
