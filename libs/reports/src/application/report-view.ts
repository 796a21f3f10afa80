import type { ReportFilter, ReportFormat, ReportType } from '../domain/report.events';

/** A report as the API and the report callback show it (spec "Report"). */
export interface ReportWire {
  id: string;
  type: ReportType;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  filter: ReportFilter;
  format: ReportFormat;
  url?: string;
  currency: string;
  business_id: string;
  created: string;
  updated: string;
}
