import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { customerDecider } from '../domain/customer.decider';
import { customerStream } from '../domain/customer.events';

/** Auditors read customers' history and state as of a time (`GET /events?resource=customer`). */
@Injectable()
@AuditsResources()
export class CustomersAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'customer', category: 'customer', streamOf: customerStream, decider: customerDecider },
  ];
}
