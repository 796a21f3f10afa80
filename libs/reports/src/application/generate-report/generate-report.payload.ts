export const GENERATE_REPORT_JOB = 'reports.generate';

export interface GenerateReportPayload {
  reportId: string;
  /** The request (1) or retry (2, 3, ...) this run is for. */
  attempt: number;
}
