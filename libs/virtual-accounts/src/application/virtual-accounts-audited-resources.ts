import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { virtualAccountDecider } from '../domain/virtual-account.decider';
import { virtualAccountStream } from '../domain/virtual-account.events';

/** Fixed virtual accounts (and their payments, on the account's stream), by id. */
@Injectable()
@AuditsResources()
export class VirtualAccountsAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'virtual_account', category: 'fva', streamOf: virtualAccountStream, decider: virtualAccountDecider },
  ];
}
