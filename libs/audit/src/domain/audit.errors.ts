import { DomainError, invalidField } from '@gateway/domain';

export const AuditErrors = {
  unknownResource: (resource: string, known: readonly string[]) =>
    invalidField(['resource'], `resource must be one of ${known.join(', ')}; got ${resource}`, 'isIn', 'query'),
  notFound: (resource: string, id: string) => new DomainError('DATA_NOT_FOUND', `No ${resource} with id ${id}`),
  revisionNotFound: (resource: string, id: string, revision: bigint) =>
    new DomainError('DATA_NOT_FOUND', `The ${resource} ${id} has no revision ${revision.toString()}`),
  notBefore: (resource: string, id: string, time: string) => new DomainError('DATA_NOT_FOUND', `The ${resource} ${id} did not exist yet at ${time}`),
  needsPostgres: () =>
    new DomainError('FEATURE_NOT_AVAILABLE', 'History by business or by request needs the PostgreSQL event store (EVENT_STORE=postgres)'),
};
