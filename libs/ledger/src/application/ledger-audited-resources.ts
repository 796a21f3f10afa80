import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { topUpDecider, topUpStream } from '../domain/top-up.decider';

/** Test-mode balance top-ups. */
@Injectable()
@AuditsResources()
export class LedgerAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [{ resource: 'top_up', category: 'topup', streamOf: (id) => topUpStream(id), decider: topUpDecider }];
}
