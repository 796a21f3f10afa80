import type { DomainEvent } from '@gateway/domain';
import type { DashboardRole } from './roles';

/** One stream per business: its dashboard users and what they did that has no event of its own. */
export const dashboardTeamStream = (businessId: string) => `dashboardteam-${businessId}`;

/** No password and no password hash: credentials live in `dashboard_credentials` only. */
export type DashboardUserCreated = DomainEvent<'DashboardUserCreated', { userId: string; email: string; role: DashboardRole; createdBy: string; createdAt: string }>;
export type DashboardUserRoleChanged = DomainEvent<
  'DashboardUserRoleChanged',
  { userId: string; fromRole: DashboardRole; toRole: DashboardRole; changedBy: string; changedAt: string }
>;
export type DashboardUserRemoved = DomainEvent<'DashboardUserRemoved', { userId: string; removedBy: string; removedAt: string }>;
export type DashboardPasswordSet = DomainEvent<'DashboardPasswordSet', { userId: string; setAt: string }>;
export type DashboardUserSignedIn = DomainEvent<'DashboardUserSignedIn', { userId: string; signedInAt: string }>;
export type DashboardUserSignedOut = DomainEvent<'DashboardUserSignedOut', { userId: string; signedOutAt: string }>;
/** A change made through the dashboard whose own context appends no event (e.g. a callback resend). */
export type DashboardActionPerformed = DomainEvent<
  'DashboardActionPerformed',
  { userId: string; action: string; target: string; mode: 'test' | 'live'; performedAt: string }
>;

export type DashboardTeamEvent =
  | DashboardUserCreated
  | DashboardUserRoleChanged
  | DashboardUserRemoved
  | DashboardPasswordSet
  | DashboardUserSignedIn
  | DashboardUserSignedOut
  | DashboardActionPerformed;

export const DASHBOARD_TEAM_EVENT_TYPES: readonly DashboardTeamEvent['type'][] = [
  'DashboardUserCreated',
  'DashboardUserRoleChanged',
  'DashboardUserRemoved',
  'DashboardPasswordSet',
  'DashboardUserSignedIn',
  'DashboardUserSignedOut',
  'DashboardActionPerformed',
];
