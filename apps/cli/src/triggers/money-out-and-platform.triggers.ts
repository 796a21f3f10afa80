import type { GatewayClient } from '../http/gateway-client';
import type { Trigger, TriggerResult } from './trigger';

const PAYOUT = 100_000;
/** The simulated rail rejects this account number (docs/ledger.md); any other completes. */
const REJECTED_ACCOUNT = '9999000002';
const WINDOW_NOTE =
  'The simulated rail sends instant disbursements 08:00-22:00 Asia/Jakarta; ' +
  'outside that window the callback comes when it opens ' +
  '(or at once after `npm run cli -- test-clock advance <business> 12h`).';

async function disbursement(api: GatewayClient, tag: string, accountNumber: string): Promise<TriggerResult> {
  // Test-mode money to pay out with: a top-up settles at once.
  await api.post('/balance/top_up', { amount: PAYOUT });
  const created = await api.post<{ id: string; status: string }>('/disbursements', {
    external_id: `${tag}-payout`,
    bank_code: 'BCA',
    account_holder_name: 'Trigger Test',
    account_number: accountNumber,
    description: 'Made by cli trigger',
    amount: PAYOUT,
  });
  return {
    resourceId: created.id,
    steps: ['POST /balance/top_up', `POST /disbursements -> ${created.id} (${created.status})`],
    note: WINDOW_NOTE,
  };
}

export const MONEY_OUT_AND_PLATFORM_TRIGGERS: Trigger[] = [
  {
    name: 'disbursement.completed',
    callbackKind: 'disbursement',
    description: 'a disbursement to a bank account the simulated rail pays (after a test top-up)',
    run: (api, tag) => disbursement(api, tag, '1234567890'),
  },
  {
    name: 'disbursement.failed',
    callbackKind: 'disbursement',
    description: 'a disbursement the simulated bank rejects (REJECTED_BY_BANK)',
    run: (api, tag) => disbursement(api, tag, REJECTED_ACCOUNT),
  },
  {
    name: 'report.completed',
    callbackKind: 'report',
    description: 'a balance-history report, generated in the background',
    async run(api) {
      const report = await api.post<{ id: string; status: string }>('/reports', {
        type: 'BALANCE_HISTORY',
        currency: 'IDR',
      });
      return { resourceId: report.id, steps: [`POST /reports -> ${report.id} (${report.status})`] };
    },
  },
];
