import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { balanceDecider } from '../domain/balance.decider';
import { balanceStream } from '../domain/balance.events';
import { topUpDecider, topUpStream } from '../domain/top-up.decider';

/**
 * Test-mode balance top-ups, and the balance aggregate by currency (`resource=balance&id=IDR`:
 * the caller's business and mode name the rest of its stream).
 */
@Injectable()
@AuditsResources()
export class LedgerAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'top_up', category: 'topup', streamOf: topUpStream, decider: topUpDecider },
    {
      resource: 'balance',
      category: 'balance',
      streamOf: (currency, owner) => balanceStream(owner.businessId, owner.mode, currency),
      decider: balanceDecider,
    },
  ];
}
