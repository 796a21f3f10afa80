import { ProvisionBusinessCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CreateDashboardUserCommand } from '@gateway/dashboard';
import { DomainError } from '@gateway/domain';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';

export const DEMO_BUSINESS_ID = 'biz_demo';

/**
 * On a fresh database, `npm start` creates a demo business so a newcomer can call the API at
 * once. Its keys exist only hashed, so they are printed this one time.
 */
export const DEMO_DASHBOARD_EMAIL = 'admin@demo.test';

export type DemoBusiness = ProvisionedBusiness & { dashboard: { email: string; password: string } };

export async function provisionDemoBusiness(app: INestApplication): Promise<DemoBusiness | undefined> {
  const context = { requestId: `req_${randomUUID()}`, actor: 'system:demo-seed' };
  try {
    const business = await app
      .get(CommandBus)
      .execute(new ProvisionBusinessCommand('Demo Store', context, { businessId: DEMO_BUSINESS_ID }));
    // The dashboard's first admin, with a one-time password printed below (stored only as a hash).
    const admin = await app
      .get(CommandBus)
      .execute(new CreateDashboardUserCommand(DEMO_BUSINESS_ID, DEMO_DASHBOARD_EMAIL, 'admin', undefined, context));
    return { ...business, dashboard: { email: admin.email, password: admin.oneTimePassword ?? '' } };
  } catch (error) {
    // Not a fresh database (or another process seeded it a moment ago): nothing to print.
    if (error instanceof DomainError && error.code === 'BUSINESS_ALREADY_REGISTERED_ERROR') return undefined;
    throw error;
  }
}

export function demoInstructions(demo: DemoBusiness, baseUrl: string): string[] {
  return [
    `Demo business created: ${demo.business_id} (these keys are shown once)`,
    `  test secret key:     ${demo.test.secret_key}`,
    `  test public key:     ${demo.test.public_key}`,
    `  test callback token: ${demo.test.callback_token}`,
    `Try: curl -u ${demo.test.secret_key}: ${baseUrl}/settings`,
    `Dashboard: ${baseUrl}/dashboard  email ${demo.dashboard.email}  password ${demo.dashboard.password}`,
  ];
}
