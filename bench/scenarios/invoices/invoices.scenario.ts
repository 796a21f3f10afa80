import type { Measurement } from '../../core/measurement';
import type { Scenario } from '../../core/scenario';
import type { ServerProcess } from '../edge/server-process';
import { type GatewayUnderTest, jsonHeaders, NO_RATE_LIMITS, startGatewayProcess } from '../shared/gateway-process';
import { measureAgainstBare, startBareApp } from '../shared/paired-http';

const CONNECTIONS = 32;
const ROUNDS = 3;
/** Two banks and a retail chain: three POOL numbers claimed in the invoice's own append. */
const PAYMENT_METHODS = ['BCA', 'BNI', 'ALFAMART'];
/**
 * Each claim probes random numbers of the pool; with the full pool (999,999 numbers per
 * bank and per retail chain) the few thousand invoices of a run take under 1% of it, so the
 * first probe almost always finds a free number and the pool never runs dry. Set explicitly so a
 * smaller default cannot change what is measured.
 */
export const INVOICE_POOL_SIZE = '999999';

/**
 * POST /v2/invoices on the demo business in test mode: settings and business look-ups, the invoice
 * append with a POOL number claimed per bank and retail chain (docs/decisions.md, "POOL numbers
 * claimed with the invoice's append") and the read-your-writes wait for the invoices projection.
 */
export const invoicesScenario: Scenario = {
  name: 'invoices',
  description:
    `Invoices: POST /v2/invoices (${PAYMENT_METHODS.join(', ')}: POOL numbers claimed on the path) at ` +
    `${CONNECTIONS} connections (gateway api + worker, own process) against a bare Nest route, ` +
    `best of ${ROUNDS} alternating passes`,
  async run(context): Promise<Measurement[]> {
    const database = await context.postgres.createDatabase([], 2); // the gateway migrates its own schema
    const servers: ServerProcess[] = [];
    try {
      const bare = await startBareApp(servers);
      const gateway = await startGatewayProcess(database, {
        logLevel: 'warn',
        env: { ...NO_RATE_LIMITS, INVOICE_POOL_SIZE },
      });
      servers.push(gateway.server);
      const request = invoiceRequestFor(gateway);
      return await measureAgainstBare(context, {
        scenario: 'invoices',
        id: 'invoices.create',
        label:
          `gateway POST /v2/invoices (${PAYMENT_METHODS.join(' + ')}: invoice append claiming ` +
          `${PAYMENT_METHODS.length} POOL numbers)`,
        short: 'create invoice',
        request,
        server: gateway.server,
        bare,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        note: `api + worker, LOG_LEVEL=warn, INVOICE_POOL_SIZE=${INVOICE_POOL_SIZE}`,
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    }
  },
};

/** A create-invoice request of the demo business: a fresh external id each time, not a magic amount. */
export function invoiceRequestFor(gateway: GatewayUnderTest): {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
} {
  return {
    url: `${gateway.base}/v2/invoices`,
    method: 'POST',
    headers: jsonHeaders(gateway),
    body: JSON.stringify({
      external_id: 'bench-[<id>]',
      payer_email: 'payer@example.com',
      description: 'bench invoice',
      amount: 50_000,
      payment_methods: PAYMENT_METHODS,
    }),
  };
}
