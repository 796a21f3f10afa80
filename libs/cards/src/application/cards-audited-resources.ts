import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { cardChargeDecider } from '../domain/card-charge.decider';
import { cardChargeStream } from '../domain/card-charge.events';
import { cardTokenDecider } from '../domain/card-token.decider';
import { cardTokenStream } from '../domain/card-token.events';

/** Charges (their captures, reversal and refunds live on the charge's stream) and tokens, by id. */
@Injectable()
@AuditsResources()
export class CardsAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'charge', category: 'cardcharge', streamOf: cardChargeStream, decider: cardChargeDecider },
    { resource: 'credit_card_token', category: 'cardtoken', streamOf: cardTokenStream, decider: cardTokenDecider },
  ];
}
