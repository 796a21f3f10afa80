import { SetMetadata } from '@nestjs/common';
import type { Capability } from '../../domain/roles';

export const DASHBOARD_PUBLIC = 'dashboard:public';
export const DASHBOARD_CAPABILITY = 'dashboard:capability';

/** Reached without a session (sign-in page, stylesheet). */
export const DashboardPublic = () => SetMetadata(DASHBOARD_PUBLIC, true);

/** The signed-in user's role must carry this capability, else 403 (checked on the server for every request). */
export const RequireCapability = (capability: Capability) => SetMetadata(DASHBOARD_CAPABILITY, capability);

export const DASHBOARD_CSRF_AFTER_UPLOAD = 'dashboard:csrf-after-upload';

/**
 * A file upload (multipart): its fields are parsed by the route's interceptor, after the guard,
 * so the guard leaves the CSRF check of a multipart request to the handler (`requireCsrf`), which
 * runs it before anything else. Session and role are still checked first, by the guard.
 */
export const CsrfAfterUpload = () => SetMetadata(DASHBOARD_CSRF_AFTER_UPLOAD, true);

export const DASHBOARD_DURING_SETUP = 'dashboard:during-setup';

/**
 * Reachable while the user must still choose a password or turn on two-step sign-in (the
 * account page, sign-out); every other route sends such a user to the account page.
 */
export const AllowedDuringSetup = () => SetMetadata(DASHBOARD_DURING_SETUP, true);
