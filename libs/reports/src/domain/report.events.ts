import { declareEventSchemas, upcaster } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';

export const REPORT_TYPES = ['BALANCE_HISTORY', 'TRANSACTIONS', 'UPCOMING_TRANSACTIONS'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ['CSV'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportFilter {
  /** ISO 8601, UTC: start (inclusive) and end (exclusive) of the included transactions. */
  from: string;
  to: string;
}

/**
 * `publicBaseUrl` (since issue 19): the address the request reached (PUBLIC_BASE_URL, else its
 * scheme and host), for the link in the report callback; absent on earlier events and on reports
 * requested without an HTTP request: the configured address.
 */
export type ReportRequested = DomainEvent<
  'ReportRequested',
  {
    reportId: string;
    type: ReportType;
    format: ReportFormat;
    currency: string;
    filter: ReportFilter;
    requestedAt: string;
    publicBaseUrl?: string;
  }
>;

/** The content is stored outside the log (report_contents); the event names its size and hash. */
export type ReportCompleted = DomainEvent<
  'ReportCompleted',
  { reportId: string; rows: number; sizeBytes: number; sha256: string; completedAt: string; linkExpiresAt: string }
>;

export type ReportFailed = DomainEvent<'ReportFailed', { reportId: string; reason: string; failedAt: string }>;

/** Spec: a FAILED report is "safe to retry". */
export type ReportRetried = DomainEvent<'ReportRetried', { reportId: string; retriedAt: string }>;

export type ReportEvent = ReportRequested | ReportCompleted | ReportFailed | ReportRetried;

export const reportStream = (reportId: string) => `report-${reportId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
/**
 * Version 2 (2026-11-29): the same data, never a null `format` or `currency`. Before the edge took an
 * explicit null for a field left out (docs/decisions.md, "An explicit null is an absent field"),
 * `"format": null` reached the log, and such an event stopped the reports projection at every
 * attempt; read as the defaults the API applies to a field left out.
 */
const reportRequestedWithoutNulls = upcaster<
  Omit<ReportRequested['data'], 'format' | 'currency'> & { format: ReportFormat | null; currency: string | null },
  ReportRequested['data']
>('ReportRequested', 1, (data) => ({ ...data, format: data.format ?? 'CSV', currency: data.currency ?? 'IDR' }));

export const REPORT_EVENT_SCHEMAS = declareEventSchemas<ReportEvent>(
  'reports',
  {
    ReportRequested: 2,
    ReportCompleted: 1,
    ReportFailed: 1,
    ReportRetried: 1,
  },
  [reportRequestedWithoutNulls],
);

export const REPORT_EVENT_TYPES = REPORT_EVENT_SCHEMAS.types;
