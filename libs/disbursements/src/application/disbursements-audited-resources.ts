import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { balanceDecider } from '../domain/balance.decider';
import { balanceStream } from '../domain/balance.events';
import { disbursementDecider } from '../domain/disbursement.decider';
import { disbursementStream } from '../domain/disbursement.events';

/**
 * Disbursements by id, and the no-overdraft balance aggregate by currency (`resource=balance&id=IDR`:
 * the caller's business and mode name the rest of its stream).
 */
@Injectable()
@AuditsResources()
export class DisbursementsAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'disbursement', category: 'disbursement', streamOf: (id) => disbursementStream(id), decider: disbursementDecider },
    { resource: 'balance', category: 'balance', streamOf: (currency, owner) => balanceStream(owner.businessId, owner.mode, currency), decider: balanceDecider },
  ];
}
