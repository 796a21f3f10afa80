import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { recurringDecider } from '../domain/recurring.decider';
import { recurringStream } from '../domain/recurring.events';

/**
 * Recurring payments (their pauses, resumes, stop and cycles on the same stream), by id: the dashboard's event history.
 */
@Injectable()
@AuditsResources()
export class RecurringAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'recurring_payment', category: 'recurring', streamOf: recurringStream, decider: recurringDecider },
  ];
}
