import { Query } from '@nestjs/cqrs';
import type { DashboardRole } from '../../domain/roles';

export interface DashboardUserView {
  userId: string;
  email: string;
  role: DashboardRole;
  createdAt: string;
  lastSignIn: string | null;
  /** Signs in with a code of an authenticator app too. */
  twoFactor: boolean;
}

export class ListDashboardUsersQuery extends Query<DashboardUserView[]> {
  constructor(readonly businessId: string) {
    super();
  }
}
