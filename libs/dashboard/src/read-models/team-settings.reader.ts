import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';

/** The team's own rules (dashboard.users read model): whether two-step sign-in is required. */
@Injectable()
export class TeamSettingsReader {
  constructor(private readonly pool: Pool) {}

  async twoFactorRequired(businessId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ two_factor_required: boolean }>(
      'SELECT two_factor_required FROM dashboard_teams WHERE business_id = $1',
      [businessId],
    );
    return rows[0]?.two_factor_required === true;
  }
}
