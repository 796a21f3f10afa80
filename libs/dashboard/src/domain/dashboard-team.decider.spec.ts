import { deciderSpec } from '@gateway/testing';
import { type DashboardTeamCommand, dashboardTeamDecider } from './dashboard-team.decider';
import type { DashboardTeamEvent, DashboardUserCreated } from './dashboard-team.events';
import { roleCan, ROLE_CAPABILITIES } from './roles';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(dashboardTeamDecider);
const created = (userId: string, email: string, role: DashboardUserCreated['data']['role']): DashboardUserCreated => ({
  type: 'DashboardUserCreated',
  data: { userId, email, role, createdBy: 'system:cli', createdAt: at },
});
const admin = created('dus_1', 'ana@toko.test', 'admin');
const viewer = created('dus_2', 'budi@toko.test', 'viewer');

describe('dashboard team decider', () => {
  it('creates a user with a normalised email', () => {
    spec
      .given([])
      .when({ type: 'CreateUser', userId: 'dus_1', email: '  Ana@Toko.test ', role: 'admin', by: 'system:cli', now })
      .then([admin]);
  });

  it('refuses a second user with the same email, a bad email and an unknown role', () => {
    spec
      .given([admin])
      .when({ type: 'CreateUser', userId: 'dus_9', email: 'ANA@toko.test', role: 'viewer', by: 'x', now })
      .thenThrows('DASHBOARD_EMAIL_TAKEN_ERROR');
    spec
      .given([])
      .when({ type: 'CreateUser', userId: 'dus_9', email: 'not-an-email', role: 'viewer', by: 'x', now })
      .thenThrows('API_VALIDATION_ERROR');
    spec
      .given([])
      .when({ type: 'CreateUser', userId: 'dus_9', email: 'a@b.test', role: 'owner' as never, by: 'x', now })
      .thenThrows('API_VALIDATION_ERROR');
  });

  it('changes a role, and does nothing when the role is the same', () => {
    spec
      .given([admin, viewer])
      .when({ type: 'ChangeRole', userId: 'dus_2', role: 'finance', by: 'dashboard:dus_1', now })
      .then([
        {
          type: 'DashboardUserRoleChanged',
          data: { userId: 'dus_2', fromRole: 'viewer', toRole: 'finance', changedBy: 'dashboard:dus_1', changedAt: at },
        },
      ]);
    spec.given([admin, viewer]).when({ type: 'ChangeRole', userId: 'dus_2', role: 'viewer', by: 'x', now }).then([]);
  });

  it('keeps at least one admin', () => {
    spec
      .given([admin, viewer])
      .when({ type: 'ChangeRole', userId: 'dus_1', role: 'viewer', by: 'x', now })
      .thenThrows('DASHBOARD_LAST_ADMIN_ERROR');
    spec
      .given([admin, viewer])
      .when({ type: 'RemoveUser', userId: 'dus_1', by: 'x', now })
      .thenThrows('DASHBOARD_LAST_ADMIN_ERROR');
    spec
      .given([admin, created('dus_3', 'citra@toko.test', 'admin')])
      .when({ type: 'RemoveUser', userId: 'dus_1', by: 'dashboard:dus_3', now })
      .then([{ type: 'DashboardUserRemoved', data: { userId: 'dus_1', removedBy: 'dashboard:dus_3', removedAt: at } }]);
  });

  it('forgets a removed user: no sign-in, no second removal, and the email is free again', () => {
    const removed = { type: 'DashboardUserRemoved' as const, data: { userId: 'dus_2', removedBy: 'x', removedAt: at } };
    spec
      .given([admin, viewer, removed])
      .when({ type: 'RecordSignIn', userId: 'dus_2', now })
      .thenThrows('DASHBOARD_USER_NOT_FOUND_ERROR');
    spec
      .given([admin, viewer, removed])
      .when({ type: 'RemoveUser', userId: 'dus_2', by: 'x', now })
      .thenThrows('DASHBOARD_USER_NOT_FOUND_ERROR');
    spec
      .given([admin, viewer, removed])
      .when({ type: 'CreateUser', userId: 'dus_4', email: 'budi@toko.test', role: 'viewer', by: 'system:cli', now })
      .then([created('dus_4', 'budi@toko.test', 'viewer')]);
  });

  const action = { action: 'callback.resend', target: 'msg_1', mode: 'test' } as const;
  it.each<[string, DashboardTeamCommand, DashboardTeamEvent]>([
    [
      'a sign-in',
      { type: 'RecordSignIn', userId: 'dus_1', now },
      { type: 'DashboardUserSignedIn', data: { userId: 'dus_1', signedInAt: at } },
    ],
    [
      'a sign-out',
      { type: 'RecordSignOut', userId: 'dus_1', now },
      { type: 'DashboardUserSignedOut', data: { userId: 'dus_1', signedOutAt: at } },
    ],
    [
      'an action',
      { type: 'RecordAction', userId: 'dus_1', ...action, now },
      { type: 'DashboardActionPerformed', data: { userId: 'dus_1', ...action, performedAt: at } },
    ],
  ])('records %s of a member', (_what, command, event) => spec.given([admin]).when(command).then([event]));
});

describe('roles', () => {
  it('gives a viewer nothing to change and an admin everything', () => {
    expect(ROLE_CAPABILITIES.viewer).toEqual([]);
    expect(roleCan('admin', 'team:manage')).toBe(true);
    expect(roleCan('developer', 'keys:manage')).toBe(true);
    expect(roleCan('developer', 'settings:write')).toBe(false);
    expect(roleCan('finance', 'reports:generate')).toBe(true);
    expect(roleCan('finance', 'callbacks:manage')).toBe(false);
  });
});

describe('two-step sign-in and password resets', () => {
  const spec2 = deciderSpec(dashboardTeamDecider);
  const admin2 = created('dus_1', 'ana@toko.test', 'admin');
  const enabled = { type: 'DashboardTwoFactorEnabled' as const, data: { userId: 'dus_1', enabledAt: at } };
  const required = {
    type: 'DashboardTwoFactorRequirementSet' as const,
    data: { required: true, setBy: 'dashboard:dus_1', setAt: at },
  };

  it('turns two-step sign-in on once, and off again', () => {
    spec2.given([admin2]).when({ type: 'EnableTwoFactor', userId: 'dus_1', now }).then([enabled]);
    spec2.given([admin2, enabled]).when({ type: 'EnableTwoFactor', userId: 'dus_1', now }).then([]);
    spec2
      .given([admin2, enabled])
      .when({ type: 'DisableTwoFactor', userId: 'dus_1', by: 'dashboard:dus_1', now })
      .then([
        {
          type: 'DashboardTwoFactorDisabled',
          data: { userId: 'dus_1', disabledBy: 'dashboard:dus_1', disabledAt: at },
        },
      ]);
    spec2.given([admin2]).when({ type: 'DisableTwoFactor', userId: 'dus_1', by: 'x', now }).then([]);
  });

  it('keeps it on while the team requires it, and records the requirement once', () => {
    spec2
      .given([admin2, enabled, required])
      .when({ type: 'DisableTwoFactor', userId: 'dus_1', by: 'dashboard:dus_1', now })
      .thenThrows('DASHBOARD_TWO_FACTOR_REQUIRED_ERROR');
    spec2
      .given([admin2])
      .when({ type: 'SetTwoFactorRequirement', required: true, by: 'dashboard:dus_1', now })
      .then([required]);
    spec2
      .given([admin2, required])
      .when({ type: 'SetTwoFactorRequirement', required: true, by: 'dashboard:dus_1', now })
      .then([]);
  });

  it("lets an admin reset a member's two-step sign-in (a lost authenticator), also while the team requires it", () => {
    const by = 'dashboard:dus_2';
    const data = { userId: 'dus_1', disabledBy: by, disabledAt: at };
    const reset = { type: 'DashboardTwoFactorDisabled' as const, data };
    spec2.given([admin2, enabled, required]).when({ type: 'ResetTwoFactor', userId: 'dus_1', by, now }).then([reset]);
    spec2.given([admin2]).when({ type: 'ResetTwoFactor', userId: 'dus_1', by, now }).then([]);
    spec2
      .given([admin2])
      .when({ type: 'ResetTwoFactor', userId: 'dus_9', by, now })
      .thenThrows('DASHBOARD_USER_NOT_FOUND_ERROR');
  });

  it('records a reset request of a member only', () => {
    spec2
      .given([admin2])
      .when({ type: 'RecordPasswordResetRequested', userId: 'dus_1', now })
      .then([{ type: 'DashboardPasswordResetRequested', data: { userId: 'dus_1', requestedAt: at } }]);
    spec2
      .given([admin2])
      .when({ type: 'RecordPasswordResetRequested', userId: 'dus_9', now })
      .thenThrows('DASHBOARD_USER_NOT_FOUND_ERROR');
  });
});
