import { conflict, defineErrors, forbidden, notFound } from '@gateway/domain';
import { toApiError } from '@gateway/http-edge';

/** The dashboard pages' own errors (the team's are in domain/dashboard-team.errors.ts). */
const DashboardPageErrors = defineErrors('dashboard-pages', {
  csrfRefused: forbidden(
    'DASHBOARD_CSRF_ERROR',
    'The form expired or did not come from this dashboard; reload the page and try again',
  ),
  pageNotFound: notFound('DASHBOARD_NOT_FOUND_ERROR', (what: string) => `${what} does not exist`),
  formAlreadyUsed: conflict(
    'DASHBOARD_FORM_ALREADY_USED_ERROR',
    'This form was already sent with other values. Reload the page and fill it in again.',
  ),
  formInProgress: conflict(
    'DASHBOARD_FORM_IN_PROGRESS_ERROR',
    'This form is still being processed. Wait a moment and reload the page.',
  ),
});

export const DASHBOARD_PAGE_ERROR_CODES = DashboardPageErrors.catalogue;
export const { csrfRefused, pageNotFound } = DashboardPageErrors;

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

/** A form sent again with other values under the same form key. */
export const formAlreadyUsed = () => toApiError(DashboardPageErrors.formAlreadyUsed());
/** A form whose first sending is still being processed. */
export const formInProgress = () => toApiError(DashboardPageErrors.formInProgress());
