import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { invoiceDecider } from '../domain/invoice.decider';
import { invoiceStream } from '../domain/invoice.events';

/** Invoices (their payment and expiry on the same stream), by id: the dashboard's event history. */
@Injectable()
@AuditsResources()
export class InvoicesAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'invoice', category: 'invoice', streamOf: invoiceStream, decider: invoiceDecider },
  ];
}
