import { conflict, defineErrors, gone, notFound, shared, tooManyRequests, unauthorized } from '@gateway/domain';

export const DashboardErrors = defineErrors('dashboard', {
  userNotFound: notFound(
    'DASHBOARD_USER_NOT_FOUND_ERROR',
    (userId: string) => `Dashboard user ${userId} does not exist`,
  ),
  emailTaken: conflict(
    'DASHBOARD_EMAIL_TAKEN_ERROR',
    (email: string) => `A dashboard user with email ${email} already exists`,
  ),
  lastAdmin: conflict(
    'DASHBOARD_LAST_ADMIN_ERROR',
    'A business keeps at least one admin: make another user admin first',
  ),
  invalid: shared('API_VALIDATION_ERROR', (message: string) => message),
  forbidden: shared('REQUEST_FORBIDDEN_ERROR', (message = 'Your role does not allow this') => message),
  invalidCredentials: unauthorized('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'Email or password is wrong'),
  throttled: tooManyRequests(
    'DASHBOARD_SIGN_IN_THROTTLED_ERROR',
    'Too many failed sign-in attempts; wait a few minutes and try again',
  ),
  twoFactorRequired: conflict(
    'DASHBOARD_TWO_FACTOR_REQUIRED_ERROR',
    'Your team requires two-step sign-in: it cannot be turned off',
  ),
  wrongCode: unauthorized(
    'DASHBOARD_INVALID_CODE_ERROR',
    'The code is wrong or expired: use the current code of your authenticator app',
  ),
  wrongPassword: unauthorized('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'The current password is wrong'),
  resetLinkInvalid: gone(
    'DASHBOARD_RESET_LINK_INVALID_ERROR',
    'This reset link is not valid any more: ask for a new one',
  ),
});

export const DASHBOARD_TEAM_ERROR_CODES = DashboardErrors.catalogue;
