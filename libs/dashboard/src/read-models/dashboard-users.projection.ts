import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { EventByEventProjection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { DASHBOARD_TEAM_EVENT_TYPES, type DashboardTeamEvent } from '../domain/dashboard-team.events';

export const DASHBOARD_USERS_PROJECTION = 'dashboard.users';

/** Sets one column of a user's row. */
function setUserColumn(
  tx: ClientBase,
  userId: string,
  column: 'role' | 'removed_at' | 'last_sign_in' | 'two_factor',
  value: string | boolean,
): Promise<unknown> {
  return tx.query(`UPDATE dashboard_users SET ${column} = $2 WHERE user_id = $1`, [userId, value]);
}

/** Who may sign in to which business's dashboard, with which role (what the session guard reads). */
@ReadModelProjection()
@Injectable()
export class DashboardUsersProjection extends EventByEventProjection<DashboardTeamEvent> {
  constructor() {
    super({
      name: DASHBOARD_USERS_PROJECTION,
      tables: ['dashboard_users', 'dashboard_teams'],
      eventTypes: DASHBOARD_TEAM_EVENT_TYPES,
    });
  }

  protected async applyEvent(event: DashboardTeamEvent, tx: ClientBase, recorded: RecordedEvent): Promise<void> {
    switch (event.type) {
      case 'DashboardUserCreated':
        await tx.query(
          `INSERT INTO dashboard_users (user_id, business_id, email, role, created_at) VALUES ($1, $2, $3, $4, ` +
            `$5) ON CONFLICT (user_id) DO NOTHING`,
          [event.data.userId, recorded.metadata.businessId, event.data.email, event.data.role, event.data.createdAt],
        );
        break;
      case 'DashboardUserRoleChanged':
        await setUserColumn(tx, event.data.userId, 'role', event.data.toRole);
        break;
      case 'DashboardUserRemoved':
        await setUserColumn(tx, event.data.userId, 'removed_at', event.data.removedAt);
        break;
      case 'DashboardUserSignedIn':
        await setUserColumn(tx, event.data.userId, 'last_sign_in', event.data.signedInAt);
        break;
      case 'DashboardTwoFactorEnabled':
      case 'DashboardTwoFactorDisabled':
        await setUserColumn(tx, event.data.userId, 'two_factor', event.type === 'DashboardTwoFactorEnabled');
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
