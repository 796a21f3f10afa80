import { DomainError } from '@gateway/domain';

export const DashboardErrors = {
  userNotFound: (userId: string) => new DomainError('DASHBOARD_USER_NOT_FOUND_ERROR', `Dashboard user ${userId} does not exist`),
  emailTaken: (email: string) => new DomainError('DASHBOARD_EMAIL_TAKEN_ERROR', `A dashboard user with email ${email} already exists`),
  lastAdmin: () => new DomainError('DASHBOARD_LAST_ADMIN_ERROR', 'A business keeps at least one admin: make another user admin first'),
  invalid: (message: string) => new DomainError('API_VALIDATION_ERROR', message),
  forbidden: (message = 'Your role does not allow this') => new DomainError('REQUEST_FORBIDDEN_ERROR', message),
  invalidCredentials: () => new DomainError('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'Email or password is wrong'),
  throttled: () => new DomainError('DASHBOARD_SIGN_IN_THROTTLED_ERROR', 'Too many failed sign-in attempts; wait a few minutes and try again'),
  twoFactorRequired: () => new DomainError('DASHBOARD_TWO_FACTOR_REQUIRED_ERROR', 'Your team requires two-step sign-in: it cannot be turned off'),
  wrongCode: () => new DomainError('DASHBOARD_INVALID_CODE_ERROR', 'The code is wrong or expired: use the current code of your authenticator app'),
  wrongPassword: () => new DomainError('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'The current password is wrong'),
  resetLinkInvalid: () => new DomainError('DASHBOARD_RESET_LINK_INVALID_ERROR', 'This reset link is not valid any more: ask for a new one'),
};
