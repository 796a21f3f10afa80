import { conflict, defineErrors, forbidden, gone, invalidField, notFound } from '@gateway/domain';

export const ReportErrors = defineErrors('reports', {
  notFound: notFound('REPORT_NOT_FOUND_ERROR', (id: string) => `Report ${id} does not exist`),
  invalidFilter: (message: string) => invalidField(['filter'], message, 'reportFilter'),
  notFailed: conflict(
    'REPORT_NOT_RETRYABLE_ERROR',
    (id: string, status: string) => `Report ${id} is ${status}; only a FAILED report can be retried`,
  ),
  linkExpired: gone(
    'REPORT_LINK_EXPIRED_ERROR',
    (id: string) => `The download link of report ${id} has expired (links are valid 24 hours); generate a new report`,
  ),
  linkInvalid: forbidden('INVALID_REPORT_LINK_ERROR', 'This report download link is not valid'),
  notReady: conflict(
    'REPORT_NOT_READY_ERROR',
    (id: string, status: string) => `Report ${id} is ${status}: it has no content to download`,
  ),
});

export const REPORT_ERROR_CODES = ReportErrors.catalogue;
