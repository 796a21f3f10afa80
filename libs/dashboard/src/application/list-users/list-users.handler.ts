import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { DashboardRole } from '../../domain/roles';
import { type DashboardUserView, ListDashboardUsersQuery } from './list-users.query';

@QueryHandler(ListDashboardUsersQuery)
export class ListDashboardUsersHandler implements IQueryHandler<ListDashboardUsersQuery, DashboardUserView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListDashboardUsersQuery): Promise<DashboardUserView[]> {
    const { rows } = await this.pool.query<{
      user_id: string;
      email: string;
      role: DashboardRole;
      created_at: Date;
      last_sign_in: Date | null;
      two_factor: boolean;
    }>(
      'SELECT user_id, email, role, created_at, last_sign_in, ' +
        'two_factor FROM dashboard_users WHERE business_id = $1 AND removed_at IS NULL ORDER BY created_at, user_id',
      [query.businessId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      role: row.role,
      createdAt: row.created_at.toISOString(),
      lastSignIn: row.last_sign_in?.toISOString() ?? null,
      twoFactor: row.two_factor,
    }));
  }
}
