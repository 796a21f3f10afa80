import { defineErrorCodes } from '@gateway/domain';

export const DASHBOARD_TEAM_ERROR_CODES = defineErrorCodes('dashboard', {
  DASHBOARD_USER_NOT_FOUND_ERROR: { status: 404 },
  DASHBOARD_EMAIL_TAKEN_ERROR: { status: 409 },
  DASHBOARD_LAST_ADMIN_ERROR: { status: 409 },
  DASHBOARD_INVALID_CREDENTIALS_ERROR: { status: 401 },
  DASHBOARD_SIGN_IN_THROTTLED_ERROR: { status: 429 },
  DASHBOARD_TWO_FACTOR_REQUIRED_ERROR: { status: 409 },
  DASHBOARD_INVALID_CODE_ERROR: { status: 401 },
  DASHBOARD_RESET_LINK_INVALID_ERROR: { status: 410 },
});

const errorOf = DASHBOARD_TEAM_ERROR_CODES.error.bind(DASHBOARD_TEAM_ERROR_CODES);

export const DashboardErrors = {
  userNotFound: (userId: string) =>
    errorOf('DASHBOARD_USER_NOT_FOUND_ERROR', `Dashboard user ${userId} does not exist`),
  emailTaken: (email: string) =>
    errorOf('DASHBOARD_EMAIL_TAKEN_ERROR', `A dashboard user with email ${email} already exists`),
  lastAdmin: () =>
    errorOf('DASHBOARD_LAST_ADMIN_ERROR', 'A business keeps at least one admin: make another user admin first'),
  invalid: (message: string) => errorOf('API_VALIDATION_ERROR', message),
  forbidden: (message = 'Your role does not allow this') => errorOf('REQUEST_FORBIDDEN_ERROR', message),
  invalidCredentials: () => errorOf('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'Email or password is wrong'),
  throttled: () =>
    errorOf('DASHBOARD_SIGN_IN_THROTTLED_ERROR', 'Too many failed sign-in attempts; wait a few minutes and try again'),
  twoFactorRequired: () =>
    errorOf('DASHBOARD_TWO_FACTOR_REQUIRED_ERROR', 'Your team requires two-step sign-in: it cannot be turned off'),
  wrongCode: () =>
    errorOf(
      'DASHBOARD_INVALID_CODE_ERROR',
      'The code is wrong or expired: use the current code of your authenticator app',
    ),
  wrongPassword: () => errorOf('DASHBOARD_INVALID_CREDENTIALS_ERROR', 'The current password is wrong'),
  resetLinkInvalid: () =>
    errorOf('DASHBOARD_RESET_LINK_INVALID_ERROR', 'This reset link is not valid any more: ask for a new one'),
};
