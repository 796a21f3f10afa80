import { type SettingsChanges, UpdateSettingsCommand } from '@gateway/accounts';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { call } from './test-business';

/** Spec test cards (money-in.md "Test-mode inputs"). */
export const TEST_CARDS = {
  enrolledVisa: '4000000000000002',
  enrolledMastercard: '5200000000000007',
  failingVisa: '4000000000000010',
  failingMastercard: '5200000000000015',
  timingOutVisa: '4000000000000044',
  timingOutMastercard: '5200000000000049',
  notEnrolledMastercard: '5200000000000056',
  amex: '378282246310005',
} as const;

export const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

export function tokenRequest(
  cardNumber: string,
  options: { amount?: number | string; multiple?: boolean; shouldAuthenticate?: boolean; cvn?: string } = {},
) {
  return {
    is_single_use: !options.multiple,
    card_data: { account_number: cardNumber, exp_month: '12', exp_year: FUTURE_YEAR },
    ...(options.shouldAuthenticate !== undefined && { should_authenticate: options.shouldAuthenticate }),
    ...(options.amount !== undefined && { amount: options.amount }),
    card_cvn: options.cvn ?? (cardNumber.startsWith('3') ? '1234' : '123'),
  };
}

export async function tokenize(
  baseUrl: string,
  publicKey: string,
  cardNumber: string,
  options: Parameters<typeof tokenRequest>[1] = {},
) {
  return call(baseUrl, publicKey, 'POST', '/v2/credit_card_tokens', { body: tokenRequest(cardNumber, options) });
}

/** The payer answers the hosted 3DS page (as its form does). */
export async function answerChallenge(
  baseUrl: string,
  authenticationId: string,
  action: 'complete' | 'fail',
): Promise<number> {
  const response = await fetch(`${baseUrl}/3ds/${authenticationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}&code=123456`,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

/** A single-use VISA token whose bundled 3DS the payer completed: ready to charge up to `amount`. */
export async function verifiedToken(
  baseUrl: string,
  publicKey: string,
  amount: number,
  cardNumber: string = TEST_CARDS.enrolledVisa,
) {
  const token = await tokenize(baseUrl, publicKey, cardNumber, { amount });
  if (token.status !== 200) throw new Error(`tokenize: ${JSON.stringify(token.body)}`);
  if (token.body.status === 'IN_REVIEW') await answerChallenge(baseUrl, token.body.authentication_id, 'complete');
  return token.body as { id: string; authentication_id: string };
}

/** Sets per-mode business settings (optional authentication, fraud detection) as the dashboard would. */
export async function updateTestSettings(
  app: INestApplication,
  businessId: string,
  changes: SettingsChanges,
): Promise<void> {
  await app.get(CommandBus).execute(
    new UpdateSettingsCommand(businessId, 'test', changes, {
      requestId: `req_${randomUUID()}`,
      actor: 'system:test',
    }),
  );
}
