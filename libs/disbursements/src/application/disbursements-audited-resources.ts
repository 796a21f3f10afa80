import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { disbursementDecider } from '../domain/disbursement.decider';
import { disbursementStream } from '../domain/disbursement.events';

/** Disbursements by id (the balance aggregate they reserve on is the ledger's audited resource). */
@Injectable()
@AuditsResources()
export class DisbursementsAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'disbursement', category: 'disbursement', streamOf: disbursementStream, decider: disbursementDecider },
  ];
}
