import { defineErrorCodes } from '@gateway/domain';
import { ApiError } from '@gateway/http-edge';

/** The dashboard pages' own codes (the team's are in domain/dashboard-team.errors.ts). */
export const DASHBOARD_PAGE_ERROR_CODES = defineErrorCodes('dashboard-pages', {
  DASHBOARD_CSRF_ERROR: { status: 403 },
  DASHBOARD_NOT_FOUND_ERROR: { status: 404 },
  DASHBOARD_FORM_ALREADY_USED_ERROR: { status: 409 },
  DASHBOARD_FORM_IN_PROGRESS_ERROR: { status: 409 },
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

const errorOf = DASHBOARD_PAGE_ERROR_CODES.error.bind(DASHBOARD_PAGE_ERROR_CODES);

export const csrfRefused = () =>
  errorOf(
    'DASHBOARD_CSRF_ERROR',
    'The form expired or did not come from this dashboard; reload the page and try again',
  );
export const pageNotFound = (what: string) => errorOf('DASHBOARD_NOT_FOUND_ERROR', `${what} does not exist`);

/** A form sent again with other values under the same form key. */
export const formAlreadyUsed = () =>
  ApiError.of(
    DASHBOARD_PAGE_ERROR_CODES.code('DASHBOARD_FORM_ALREADY_USED_ERROR'),
    'This form was already sent with other values. Reload the page and fill it in again.',
  );
/** A form whose first sending is still being processed. */
export const formInProgress = () =>
  ApiError.of(
    DASHBOARD_PAGE_ERROR_CODES.code('DASHBOARD_FORM_IN_PROGRESS_ERROR'),
    'This form is still being processed. Wait a moment and reload the page.',
  );
