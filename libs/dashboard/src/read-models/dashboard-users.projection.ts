import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { DASHBOARD_TEAM_EVENT_TYPES, type DashboardTeamEvent } from '../domain/dashboard-team.events';

export const DASHBOARD_USERS_PROJECTION = 'dashboard.users';

/** Who may sign in to which business's dashboard, with which role (what the session guard reads). */
@ReadModelProjection()
@Injectable()
export class DashboardUsersProjection implements Projection {
  readonly name = DASHBOARD_USERS_PROJECTION;
  readonly tables = ['dashboard_users', 'dashboard_teams'];
  readonly eventTypes = DASHBOARD_TEAM_EVENT_TYPES;

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as DashboardTeamEvent;
      switch (event.type) {
        case 'DashboardUserCreated':
          await tx.query(
            `INSERT INTO dashboard_users (user_id, business_id, email, role, created_at) VALUES ($1, $2, $3, $4, ` +
              `$5) ON CONFLICT (user_id) DO NOTHING`,
            [event.data.userId, recorded.metadata.businessId, event.data.email, event.data.role, event.data.createdAt],
          );
          break;
        case 'DashboardUserRoleChanged':
          await tx.query('UPDATE dashboard_users SET role = $2 WHERE user_id = $1', [
            event.data.userId,
            event.data.toRole,
          ]);
          break;
        case 'DashboardUserRemoved':
          await tx.query('UPDATE dashboard_users SET removed_at = $2 WHERE user_id = $1', [
            event.data.userId,
            event.data.removedAt,
          ]);
          break;
        case 'DashboardUserSignedIn':
          await tx.query('UPDATE dashboard_users SET last_sign_in = $2 WHERE user_id = $1', [
            event.data.userId,
            event.data.signedInAt,
          ]);
          break;
        case 'DashboardTwoFactorEnabled':
        case 'DashboardTwoFactorDisabled':
          await tx.query('UPDATE dashboard_users SET two_factor = $2 WHERE user_id = $1', [
            event.data.userId,
            event.type === 'DashboardTwoFactorEnabled',
          ]);
          break;
        case 'DashboardTwoFactorRequirementSet':
          await tx.query(
            `INSERT INTO dashboard_teams (business_id, two_factor_required) VALUES ($1, ` +
              `$2) ON CONFLICT (business_id) DO UPDATE SET two_factor_required = EXCLUDED.two_factor_required`,
            [recorded.metadata.businessId, event.data.required],
          );
          break;
        case 'DashboardPasswordSet':
        case 'DashboardUserSignedOut':
        case 'DashboardActionPerformed':
        case 'DashboardPasswordResetRequested':
          break;
        default:
          assertNever(event, 'dashboard team event');
      }
    }
  }
}
