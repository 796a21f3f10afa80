import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { paymentCodeDecider } from '../domain/payment-code.decider';
import { paymentCodeStream } from '../domain/payment-code.events';

/** Fixed payment codes (and their payments, on the code's stream), by id. */
@Injectable()
@AuditsResources()
export class PaymentCodesAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'payment_code', category: 'fpc', streamOf: paymentCodeStream, decider: paymentCodeDecider },
  ];
}
