import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { ewalletPaymentDecider } from '../domain/ewallet-payment.decider';
import { paymentStreamOf } from './request-payment/request-ewallet-payment.handler';

/**
 * eWallet payments are keyed as the API looks them up, by type and external id:
 * `resource=ewallet_payment&id=OVO:order-42` (the caller's business and mode name the rest).
 */
@Injectable()
@AuditsResources()
export class EwalletsAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    {
      resource: 'ewallet_payment',
      category: 'ewallet',
      streamOf: (id, owner) => {
        const separator = id.indexOf(':');
        return paymentStreamOf(owner.businessId, owner.mode, id.slice(0, separator), id.slice(separator + 1));
      },
      decider: ewalletPaymentDecider,
    },
  ];
}
