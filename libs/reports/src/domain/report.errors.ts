import { DomainError, invalidField } from '@gateway/domain';

export const ReportErrors = {
  notFound: (id: string) => new DomainError('REPORT_NOT_FOUND_ERROR', `Report ${id} does not exist`),
  invalidFilter: (message: string) => invalidField(['filter'], message, 'reportFilter'),
  notFailed: (id: string, status: string) => new DomainError('REPORT_NOT_RETRYABLE_ERROR', `Report ${id} is ${status}; only a FAILED report can be retried`),
  linkExpired: (id: string) =>
    new DomainError('REPORT_LINK_EXPIRED_ERROR', `The download link of report ${id} has expired (links are valid 24 hours); generate a new report`),
  linkInvalid: () => new DomainError('INVALID_REPORT_LINK_ERROR', 'This report download link is not valid'),
  notReady: (id: string, status: string) => new DomainError('REPORT_NOT_READY_ERROR', `Report ${id} is ${status}: it has no content to download`),
};
