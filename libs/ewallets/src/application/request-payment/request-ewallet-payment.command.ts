import type { MoneyRecorder } from '@gateway/domain';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { EwalletItem } from '../../domain/ewallet-payment.events';
import type { EwalletType } from '../../domain/ewallet-types';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';

/** The request fields of one wallet type, already validated in shape by the edge. */
export interface EwalletPaymentRequest {
  ewalletType: EwalletType;
  externalId: string;
  amount: number;
  phone?: string;
  callbackUrl?: string;
  redirectUrl?: string;
  items?: EwalletItem[];
  /** DANA `expiration_date` (ISO 8601). */
  expirationDate?: string;
  /** Not reachable over HTTP: an invoice's hosted page pays through a wallet and records the money itself. */
  moneyRecordedBy?: MoneyRecorder;
}

export class RequestEwalletPaymentCommand extends Command<EwalletPaymentView> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly request: EwalletPaymentRequest,
    /** The dated version in force for the request (header, else the account default, else the fallback). */
    readonly apiVersion: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
