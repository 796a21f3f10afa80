import { SetMetadata } from '@nestjs/common';
import type { Capability } from '../../domain/roles';

export const DASHBOARD_PUBLIC = 'dashboard:public';
export const DASHBOARD_CAPABILITY = 'dashboard:capability';

/** Reached without a session (sign-in page, stylesheet). */
export const DashboardPublic = () => SetMetadata(DASHBOARD_PUBLIC, true);

/** The signed-in user's role must carry this capability, else 403 (checked on the server for every request). */
export const RequireCapability = (capability: Capability) => SetMetadata(DASHBOARD_CAPABILITY, capability);
