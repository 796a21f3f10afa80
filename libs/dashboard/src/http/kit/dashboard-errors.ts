import { DomainError } from '@gateway/domain';
import { registerErrorStatuses } from '@gateway/platform';

registerErrorStatuses({
  DASHBOARD_USER_NOT_FOUND_ERROR: 404,
  DASHBOARD_EMAIL_TAKEN_ERROR: 409,
  DASHBOARD_LAST_ADMIN_ERROR: 409,
  DASHBOARD_INVALID_CREDENTIALS_ERROR: 401,
  DASHBOARD_SIGN_IN_THROTTLED_ERROR: 429,
  DASHBOARD_CSRF_ERROR: 403,
  DASHBOARD_NOT_FOUND_ERROR: 404,
  DASHBOARD_TWO_FACTOR_REQUIRED_ERROR: 409,
  DASHBOARD_INVALID_CODE_ERROR: 401,
  DASHBOARD_RESET_LINK_INVALID_ERROR: 410,
  DASHBOARD_FORM_ALREADY_USED_ERROR: 409,
  DASHBOARD_FORM_IN_PROGRESS_ERROR: 409,
});

/** A signed-in user who must set a password or turn on two-step sign-in first: sent to the account page. */
export class AccountSetupRequired extends Error {
  constructor() {
    super('Finish setting up your account first');
  }
}

/** No (or an expired) session: the error filter sends the browser to the sign-in page. */
export class SignInRequired extends Error {
  constructor() {
    super('Sign in to continue');
  }
}

export const csrfRefused = () => new DomainError('DASHBOARD_CSRF_ERROR', 'The form expired or did not come from this dashboard; reload the page and try again');
export const pageNotFound = (what: string) => new DomainError('DASHBOARD_NOT_FOUND_ERROR', `${what} does not exist`);
