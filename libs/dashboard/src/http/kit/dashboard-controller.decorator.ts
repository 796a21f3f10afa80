import { NoAuth } from '@gateway/platform';
import { applyDecorators, Controller, SetMetadata, UseFilters, UseGuards } from '@nestjs/common';
import type { Capability } from '../../domain/roles';
import { DashboardErrorFilter } from './dashboard-error.filter';
import { DashboardSessionGuard } from './dashboard-session.guard';

export const DASHBOARD_PUBLIC = 'dashboard:public';
export const DASHBOARD_CAPABILITY = 'dashboard:capability';

/**
 * A dashboard controller: outside API-key auth (@NoAuth), and behind the dashboard's own session
 * guard instead, which is the only way in; errors render as HTML pages.
 */
export const DashboardController = (path = '') =>
  applyDecorators(Controller(path ? `dashboard/${path}` : 'dashboard'), NoAuth(), UseGuards(DashboardSessionGuard), UseFilters(DashboardErrorFilter));

/** Reached without a session (sign-in page, stylesheet). */
export const DashboardPublic = () => SetMetadata(DASHBOARD_PUBLIC, true);

/** The signed-in user's role must carry this capability, else 403 (checked on the server for every request). */
export const RequireCapability = (capability: Capability) => SetMetadata(DASHBOARD_CAPABILITY, capability);
