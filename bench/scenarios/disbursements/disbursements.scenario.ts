import type { Measurement } from '../../core/measurement';
import type { Scenario } from '../../core/scenario';
import type { ServerProcess } from '../edge/server-process';
import {
  callGateway,
  type GatewayUnderTest,
  jsonHeaders,
  NO_RATE_LIMITS,
  startGatewayProcess,
} from '../shared/gateway-process';
import { moveTestClockIntoInstantWindow } from '../shared/instant-window';
import { measureAgainstBare, startBareApp } from '../shared/paired-http';

const CONNECTIONS = 32;
const ROUNDS = 3;
const AMOUNT = 10_000;
/** Enough for any run: 10^15 minor units cover 10^11 disbursements of AMOUNT plus fees. */
const TOP_UP = 1_000_000_000_000_000;

/**
 * The scenario's request: POST /disbursements of a funded demo business whose test clock is in
 * the rail's instant window, a fresh external id on every request (autocannon's `[<id>]`).
 */
export async function disbursementRequestFor(gateway: GatewayUnderTest, databaseUrl: string) {
  const { user_id: businessId } = await callGateway<{ user_id: string }>(gateway, 'POST', '/balance/top_up', {
    amount: TOP_UP,
  });
  await moveTestClockIntoInstantWindow(databaseUrl, businessId);
  return {
    url: `${gateway.base}/disbursements`,
    method: 'POST',
    headers: jsonHeaders(gateway),
    body: JSON.stringify({
      external_id: 'bench-[<id>]',
      amount: AMOUNT,
      bank_code: 'BNI',
      account_holder_name: 'Bench Payee',
      account_number: '1234567890',
      description: 'bench',
    }),
  };
}

/**
 * POST /disbursements over HTTP (the `ledger` scenario measures the same command through the bus,
 * without the edge): a funded demo business, a fresh external id on every request.
 */
export const disbursementsScenario: Scenario = {
  name: 'disbursements',
  description:
    `Disbursements over HTTP: POST /disbursements at ${CONNECTIONS} connections (gateway api + worker, ` +
    `own process, funded demo business) against a bare Nest route, best of ${ROUNDS} alternating passes`,
  async run(context): Promise<Measurement[]> {
    const database = await context.postgres.createDatabase([], 2); // the gateway migrates its own schema
    const servers: ServerProcess[] = [];
    try {
      const bare = await startBareApp(servers);
      const gateway = await startGatewayProcess(database, { logLevel: 'warn', env: NO_RATE_LIMITS });
      servers.push(gateway.server);
      const request = await disbursementRequestFor(gateway, database.url);
      return await measureAgainstBare(context, {
        scenario: 'disbursements',
        id: 'disbursements.http.create',
        label: 'gateway POST /disbursements (funded business, instant window: the rail completes them alongside)',
        short: 'create disbursement',
        request,
        server: gateway.server,
        bare,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        note: 'api + worker, LOG_LEVEL=warn',
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    }
  },
};
