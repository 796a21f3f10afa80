import { assertNever, type Decider } from '@gateway/domain';
import { isPlausibleEmail, normalizeEmail } from './email';
import { DashboardErrors } from './dashboard-team.errors';
import type { DashboardTeamEvent } from './dashboard-team.events';
import { type DashboardRole, isDashboardRole } from './roles';

export interface TeamMember {
  email: string;
  role: DashboardRole;
  /** Signs in with a TOTP code after the password. */
  twoFactor: boolean;
}

export interface DashboardTeamState {
  /** Current members only: a removed user is gone (its events stay in the stream). */
  members: Record<string, TeamMember>;
  /** Every member must sign in with a second step (set by an admin). */
  twoFactorRequired: boolean;
}

export type DashboardTeamCommand =
  | { type: 'CreateUser'; userId: string; email: string; role: DashboardRole; by: string; now: Date }
  | { type: 'ChangeRole'; userId: string; role: DashboardRole; by: string; now: Date }
  | { type: 'RemoveUser'; userId: string; by: string; now: Date }
  | { type: 'RecordPasswordSet'; userId: string; now: Date }
  | { type: 'RecordSignIn'; userId: string; now: Date }
  | { type: 'RecordSignOut'; userId: string; now: Date }
  | { type: 'RecordAction'; userId: string; action: string; target: string; mode: 'test' | 'live'; now: Date }
  | { type: 'EnableTwoFactor'; userId: string; now: Date }
  | { type: 'DisableTwoFactor'; userId: string; by: string; now: Date }
  /** An admin resets another user's two-step sign-in (a lost authenticator): allowed when the team requires it. */
  | { type: 'ResetTwoFactor'; userId: string; by: string; now: Date }
  | { type: 'SetTwoFactorRequirement'; required: boolean; by: string; now: Date }
  | { type: 'RecordPasswordResetRequested'; userId: string; now: Date };

function withMember(
  state: DashboardTeamState,
  userId: string,
  change: (member: TeamMember) => TeamMember,
): DashboardTeamState {
  const member = state.members[userId];
  return member ? { ...state, members: { ...state.members, [userId]: change(member) } } : state;
}

const adminsOf = (state: DashboardTeamState) =>
  Object.values(state.members).filter((member) => member.role === 'admin').length;

function memberOf(state: DashboardTeamState, userId: string): TeamMember {
  const member = state.members[userId];
  if (!member) throw DashboardErrors.userNotFound(userId);
  return member;
}

export const dashboardTeamDecider: Decider<DashboardTeamCommand, DashboardTeamState, DashboardTeamEvent> = {
  initialState: { members: {}, twoFactorRequired: false },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateUser': {
        const email = normalizeEmail(command.email);
        if (!isPlausibleEmail(email)) throw DashboardErrors.invalid('email must be an email address');
        if (!isDashboardRole(command.role))
          throw DashboardErrors.invalid('role must be admin, developer, finance or viewer');
        if (state.members[command.userId]) throw DashboardErrors.invalid(`user id ${command.userId} is taken`);
        if (Object.values(state.members).some((member) => member.email === email))
          throw DashboardErrors.emailTaken(email);
        return [
          {
            type: 'DashboardUserCreated',
            data: { userId: command.userId, email, role: command.role, createdBy: command.by, createdAt: at },
          },
        ];
      }
      case 'ChangeRole': {
        const member = memberOf(state, command.userId);
        if (!isDashboardRole(command.role))
          throw DashboardErrors.invalid('role must be admin, developer, finance or viewer');
        if (member.role === command.role) return [];
        if (member.role === 'admin' && adminsOf(state) === 1) throw DashboardErrors.lastAdmin();
        return [
          {
            type: 'DashboardUserRoleChanged',
            data: {
              userId: command.userId,
              fromRole: member.role,
              toRole: command.role,
              changedBy: command.by,
              changedAt: at,
            },
          },
        ];
      }
      case 'RemoveUser': {
        const member = memberOf(state, command.userId);
        if (member.role === 'admin' && adminsOf(state) === 1) throw DashboardErrors.lastAdmin();
        return [
          { type: 'DashboardUserRemoved', data: { userId: command.userId, removedBy: command.by, removedAt: at } },
        ];
      }
      case 'RecordPasswordSet':
        memberOf(state, command.userId);
        return [{ type: 'DashboardPasswordSet', data: { userId: command.userId, setAt: at } }];
      case 'RecordSignIn':
        memberOf(state, command.userId);
        return [{ type: 'DashboardUserSignedIn', data: { userId: command.userId, signedInAt: at } }];
      case 'RecordSignOut':
        memberOf(state, command.userId);
        return [{ type: 'DashboardUserSignedOut', data: { userId: command.userId, signedOutAt: at } }];
      case 'RecordAction':
        memberOf(state, command.userId);
        return [
          {
            type: 'DashboardActionPerformed',
            data: {
              userId: command.userId,
              action: command.action,
              target: command.target,
              mode: command.mode,
              performedAt: at,
            },
          },
        ];
      case 'EnableTwoFactor':
        if (memberOf(state, command.userId).twoFactor) return [];
        return [{ type: 'DashboardTwoFactorEnabled', data: { userId: command.userId, enabledAt: at } }];
      case 'DisableTwoFactor': {
        const member = memberOf(state, command.userId);
        if (!member.twoFactor) return [];
        if (state.twoFactorRequired) throw DashboardErrors.twoFactorRequired();
        return [
          {
            type: 'DashboardTwoFactorDisabled',
            data: { userId: command.userId, disabledBy: command.by, disabledAt: at },
          },
        ];
      }
      case 'ResetTwoFactor': {
        // The user sets it up again at their next sign-in (the team's rule sends them there).
        if (!memberOf(state, command.userId).twoFactor) return [];
        const data = { userId: command.userId, disabledBy: command.by, disabledAt: at };
        return [{ type: 'DashboardTwoFactorDisabled', data }];
      }
      case 'SetTwoFactorRequirement':
        if (state.twoFactorRequired === command.required) return [];
        return [
          {
            type: 'DashboardTwoFactorRequirementSet',
            data: { required: command.required, setBy: command.by, setAt: at },
          },
        ];
      case 'RecordPasswordResetRequested':
        memberOf(state, command.userId);
        return [{ type: 'DashboardPasswordResetRequested', data: { userId: command.userId, requestedAt: at } }];
      default:
        return assertNever(command, 'dashboard team command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DashboardUserCreated':
        return {
          ...state,
          members: {
            ...state.members,
            [event.data.userId]: { email: event.data.email, role: event.data.role, twoFactor: false },
          },
        };
      case 'DashboardUserRoleChanged':
        return withMember(state, event.data.userId, (member) => ({ ...member, role: event.data.toRole }));
      case 'DashboardUserRemoved': {
        const { [event.data.userId]: _removed, ...rest } = state.members;
        return { ...state, members: rest };
      }
      case 'DashboardTwoFactorEnabled':
        return withMember(state, event.data.userId, (member) => ({ ...member, twoFactor: true }));
      case 'DashboardTwoFactorDisabled':
        return withMember(state, event.data.userId, (member) => ({ ...member, twoFactor: false }));
      case 'DashboardTwoFactorRequirementSet':
        return { ...state, twoFactorRequired: event.data.required };
      case 'DashboardPasswordResetRequested':
        return state;
      case 'DashboardPasswordSet':
      case 'DashboardUserSignedIn':
      case 'DashboardUserSignedOut':
      case 'DashboardActionPerformed':
        return state;
      default:
        return assertNever(event, 'dashboard team event');
    }
  },
};
