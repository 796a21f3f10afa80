import { defineErrorCodes, invalidField } from '@gateway/domain';

export const AUDIT_ERROR_CODES = defineErrorCodes('audit', {
  FEATURE_NOT_AVAILABLE: { status: 400 },
});

const errorOf = AUDIT_ERROR_CODES.error.bind(AUDIT_ERROR_CODES);

export const AuditErrors = {
  unknownResource: (resource: string, known: readonly string[]) =>
    invalidField(['resource'], `resource must be one of ${known.join(', ')}; got ${resource}`, 'isIn', 'query'),
  notFound: (resource: string, id: string) => errorOf('DATA_NOT_FOUND', `No ${resource} with id ${id}`),
  revisionNotFound: (resource: string, id: string, revision: bigint) =>
    errorOf('DATA_NOT_FOUND', `The ${resource} ${id} has no revision ${revision.toString()}`),
  notBefore: (resource: string, id: string, time: string) =>
    errorOf('DATA_NOT_FOUND', `The ${resource} ${id} did not exist yet at ${time}`),
  needsPostgres: () =>
    errorOf(
      'FEATURE_NOT_AVAILABLE',
      'History by business or by request needs the PostgreSQL event store (EVENT_STORE=postgres)',
    ),
};
