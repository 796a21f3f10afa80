import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent, EventVersions } from '@gateway/domain';
import type { DashboardRole } from './roles';

/** One stream per business: its dashboard users and what they did that has no event of its own. */
export const dashboardTeamStream = (businessId: string) => `dashboardteam-${businessId}`;

/** No password and no password hash: credentials live in `dashboard_credentials` only. */
export type DashboardUserCreated = DomainEvent<
  'DashboardUserCreated',
  { userId: string; email: string; role: DashboardRole; createdBy: string; createdAt: string }
>;
export type DashboardUserRoleChanged = DomainEvent<
  'DashboardUserRoleChanged',
  { userId: string; fromRole: DashboardRole; toRole: DashboardRole; changedBy: string; changedAt: string }
>;
export type DashboardUserRemoved = DomainEvent<
  'DashboardUserRemoved',
  { userId: string; removedBy: string; removedAt: string }
>;
export type DashboardPasswordSet = DomainEvent<'DashboardPasswordSet', { userId: string; setAt: string }>;
export type DashboardUserSignedIn = DomainEvent<'DashboardUserSignedIn', { userId: string; signedInAt: string }>;
export type DashboardUserSignedOut = DomainEvent<'DashboardUserSignedOut', { userId: string; signedOutAt: string }>;
/** A change made through the dashboard whose own context appends no event (e.g. a callback resend). */
export type DashboardActionPerformed = DomainEvent<
  'DashboardActionPerformed',
  { userId: string; action: string; target: string; mode: 'test' | 'live'; performedAt: string }
>;

/**
 * Two-step sign-in (TOTP) turned on or off for a user: never the secret, which lives in `dashboard_two_factor` only.
 */
export type DashboardTwoFactorEnabled = DomainEvent<'DashboardTwoFactorEnabled', { userId: string; enabledAt: string }>;
export type DashboardTwoFactorDisabled = DomainEvent<
  'DashboardTwoFactorDisabled',
  { userId: string; disabledBy: string; disabledAt: string }
>;
/** An admin requires (or stops requiring) two-step sign-in of every user of the team. */
export type DashboardTwoFactorRequirementSet = DomainEvent<
  'DashboardTwoFactorRequirementSet',
  { required: boolean; setBy: string; setAt: string }
>;
/** A reset link was mailed (the link's token is never recorded). */
export type DashboardPasswordResetRequested = DomainEvent<
  'DashboardPasswordResetRequested',
  { userId: string; requestedAt: string }
>;

export type DashboardTeamEvent =
  | DashboardTwoFactorEnabled
  | DashboardTwoFactorDisabled
  | DashboardTwoFactorRequirementSet
  | DashboardPasswordResetRequested
  | DashboardUserCreated
  | DashboardUserRoleChanged
  | DashboardUserRemoved
  | DashboardPasswordSet
  | DashboardUserSignedIn
  | DashboardUserSignedOut
  | DashboardActionPerformed;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
const DASHBOARD_TEAM_EVENT_VERSIONS: EventVersions<DashboardTeamEvent> = {
  DashboardUserCreated: 1,
  DashboardUserRoleChanged: 1,
  DashboardUserRemoved: 1,
  DashboardPasswordSet: 1,
  DashboardUserSignedIn: 1,
  DashboardUserSignedOut: 1,
  DashboardActionPerformed: 1,
  DashboardTwoFactorEnabled: 1,
  DashboardTwoFactorDisabled: 1,
  DashboardTwoFactorRequirementSet: 1,
  DashboardPasswordResetRequested: 1,
};

export const DASHBOARD_TEAM_EVENT_TYPES = Object.keys(
  DASHBOARD_TEAM_EVENT_VERSIONS,
) as readonly DashboardTeamEvent['type'][];

export const DASHBOARD_TEAM_EVENT_SCHEMAS = declareEventSchemas<DashboardTeamEvent>(
  'dashboard',
  DASHBOARD_TEAM_EVENT_VERSIONS,
);
