import { badRequest, defineErrors, invalidField, shared } from '@gateway/domain';

export const AuditErrors = defineErrors('audit', {
  unknownResource: (resource: string, known: readonly string[]) =>
    invalidField(['resource'], `resource must be one of ${known.join(', ')}; got ${resource}`, 'isIn', 'query'),
  notFound: shared('DATA_NOT_FOUND', (resource: string, id: string) => `No ${resource} with id ${id}`),
  revisionNotFound: shared(
    'DATA_NOT_FOUND',
    (resource: string, id: string, revision: bigint) => `The ${resource} ${id} has no revision ${revision.toString()}`,
  ),
  notBefore: shared(
    'DATA_NOT_FOUND',
    (resource: string, id: string, time: string) => `The ${resource} ${id} did not exist yet at ${time}`,
  ),
  needsPostgres: badRequest(
    'FEATURE_NOT_AVAILABLE',
    'History by business or by request needs the PostgreSQL event store (EVENT_STORE=postgres)',
  ),
});

export const AUDIT_ERROR_CODES = AuditErrors.catalogue;
