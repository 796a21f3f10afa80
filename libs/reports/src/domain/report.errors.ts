import { defineErrorCodes, invalidField } from '@gateway/domain';

export const REPORT_ERROR_CODES = defineErrorCodes('reports', {
  REPORT_NOT_FOUND_ERROR: { status: 404 },
  REPORT_NOT_RETRYABLE_ERROR: { status: 409 },
  REPORT_NOT_READY_ERROR: { status: 409 },
  REPORT_LINK_EXPIRED_ERROR: { status: 410 },
  INVALID_REPORT_LINK_ERROR: { status: 403 },
});

const errorOf = REPORT_ERROR_CODES.error.bind(REPORT_ERROR_CODES);

export const ReportErrors = {
  notFound: (id: string) => errorOf('REPORT_NOT_FOUND_ERROR', `Report ${id} does not exist`),
  invalidFilter: (message: string) => invalidField(['filter'], message, 'reportFilter'),
  notFailed: (id: string, status: string) =>
    errorOf('REPORT_NOT_RETRYABLE_ERROR', `Report ${id} is ${status}; only a FAILED report can be retried`),
  linkExpired: (id: string) =>
    errorOf(
      'REPORT_LINK_EXPIRED_ERROR',
      `The download link of report ${id} has expired (links are valid 24 hours); generate a new report`,
    ),
  linkInvalid: () => errorOf('INVALID_REPORT_LINK_ERROR', 'This report download link is not valid'),
  notReady: (id: string, status: string) =>
    errorOf('REPORT_NOT_READY_ERROR', `Report ${id} is ${status}: it has no content to download`),
};
