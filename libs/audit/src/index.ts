export { AuditModule } from './audit.module';
export { auditMigrations } from './read-models/audit.migrations';
export {
  AuditsResources,
  evolveWith,
  type AuditedResource,
  type AuditedResourceSource,
  type ResourceOwner,
} from './application/audited-resource';
export { AuditedResources } from './application/audited-resources';
export { AnchorWriter } from './application/anchors/anchor-writer';
export { ANCHOR_JOB, ANCHOR_INTERVAL_MS } from './application/anchors/anchor-log.job';
export type { Anchor } from './application/anchors/anchor-store';
export { AuditTrailVerifier, type AuditVerification } from './application/verify/audit-trail-verifier';
export { jsonSafe } from './application/json-safe';
export { toAuditEvent, type AuditEvent } from './application/audit-event';
export { ListEventsQuery, type EventFilter, type EventPage } from './application/list-events/list-events.query';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { AUDIT_ERROR_CODES } from './domain/audit.errors';
