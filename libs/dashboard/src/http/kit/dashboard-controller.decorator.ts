import { NoAuth } from '@gateway/http-edge';
import { applyDecorators, Controller, UseFilters, UseGuards } from '@nestjs/common';
import { DashboardErrorFilter } from './dashboard-error.filter';
import { DashboardSessionGuard } from './dashboard-session.guard';

export { AllowedDuringSetup, CsrfAfterUpload, DashboardPublic, RequireCapability } from './dashboard-metadata';

/**
 * A dashboard controller: outside API-key auth (@NoAuth), and behind the dashboard's own session
 * guard instead, which is the only way in; errors render as HTML pages.
 */
export const DashboardController = (path = '') =>
  applyDecorators(
    Controller(path ? `dashboard/${path}` : 'dashboard'),
    NoAuth(),
    UseGuards(DashboardSessionGuard),
    UseFilters(DashboardErrorFilter),
  );
