/**
 * Dashboard roles and what each may do. Every page shows what the role may read; every change
 * is checked against this matrix on the server (hiding a button is never the protection).
 */
export const DASHBOARD_ROLES = ['admin', 'developer', 'finance', 'viewer'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export const CAPABILITIES = [
  /** Invite users, change roles, remove users. */
  'team:manage',
  /** Change the settings API fields (3DS, fraud detection, VA ranges, fees, ...). */
  'settings:write',
  /** Create and revoke API keys, set API versions. */
  'keys:manage',
  /** Set callback URLs, send test callbacks, resend deliveries, rotate the token. */
  'callbacks:manage',
  /** See the callback token. */
  'secrets:reveal',
  /** Request reports. */
  'reports:generate',
  /** Test-mode tools: top up, advance the test clock, simulate VA, payment-code and eWallet payments. */
  'test-tools:use',
  /**
   * Act on money coming in: refund a charge, create and expire invoices, pause, resume and stop
   * recurring plans, create and update fixed VAs and payment codes.
   */
  'payments:manage',
  /** Send money out: single disbursements and batches from a CSV. */
  'payouts:manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<DashboardRole, readonly Capability[]> = {
  admin: CAPABILITIES,
  developer: ['keys:manage', 'callbacks:manage', 'secrets:reveal', 'test-tools:use'],
  // Finance runs the money: refunds, invoices, payouts. Developers work through the API and the test tools.
  finance: ['reports:generate', 'payments:manage', 'payouts:manage'],
  viewer: [],
};

export function isDashboardRole(value: unknown): value is DashboardRole {
  return typeof value === 'string' && (DASHBOARD_ROLES as readonly string[]).includes(value);
}

export function roleCan(role: DashboardRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}
