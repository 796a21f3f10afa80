import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { jobKeys, Scheduler } from '@gateway/scheduler';
import { DescribedProjection, InjectableProjection, typedEvents } from '@gateway/projections';
import type { ClientBase, QueryConfig } from 'pg';
import { AUTHORIZATION_LIFETIME_MS, CARD_CHARGE_EVENT_TYPES, type CardChargeEvent } from '../domain/card-charge.events';
import { CARD_TOKEN_EVENT_TYPES, type CardTokenEvent } from '../domain/card-token.events';

export const CARDS_PROJECTION = 'cards.cards';
export const EXPIRE_AUTHENTICATION_JOB = 'cards.expire-authentication';
export const EXPIRE_AUTHORIZATION_JOB = 'cards.expire-authorization';
export const PROCESS_REFUND_JOB = 'cards.process-refund';
/** One job per occurrence, keyed by the resource it is about. */
export const AUTHENTICATION_TIMEOUT_JOB_KEYS = jobKeys<[authenticationId: string]>('card-authentication-timeout');
export const AUTHORIZATION_EXPIRY_JOB_KEYS = jobKeys<[chargeId: string]>('card-authorization-expiry');
export const REFUND_JOB_KEYS = jobKeys<[refundId: string]>('card-refund');
/** A 3DS challenge left unanswered (abandoned, or an issuer that times out) fails after this. */
export const AUTHENTICATION_TIMEOUT_MS = 10 * 60 * 1000;

type ChargeCreatedData = Extract<CardChargeEvent, { type: 'CardChargeCreated' }>['data'];
type AuthenticationData = Extract<CardTokenEvent, { type: 'CardAuthenticationStarted' }>['data'];

export interface ExpireAuthenticationPayload {
  tokenId: string;
  authenticationId: string;
}
export interface ChargeJobPayload {
  chargeId: string;
}
export interface ProcessRefundPayload {
  chargeId: string;
  refundId: string;
}

/**
 * The cards GETs and the 3DS page read these tables (masked numbers only); the timers of the
 * context are scheduled here, in the same transaction as the row that needs them: a pending 3DS
 * challenge's timeout, an authorization's 7-day expiry, a new refund's processing.
 */
@InjectableProjection()
export class CardsProjection extends DescribedProjection {
  constructor(private readonly scheduler: Scheduler) {
    super({
      name: CARDS_PROJECTION,
      tables: ['card_tokens', 'card_authentications', 'card_charges', 'card_refunds'],
      eventTypes: [...CARD_TOKEN_EVENT_TYPES, ...CARD_CHARGE_EVENT_TYPES],
    });
  }

  /**
   * Events apply in log order; only new charges, the bulk of a busy log, are gathered and written
   * together: a run of them becomes one statement, flushed before any other event (which may
   * update one of those rows) and at the end.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const created: ChargeCreatedData[] = [];
    for (const { event, recorded } of typedEvents<CardTokenEvent | CardChargeEvent>(events)) {
      if (event.type !== 'CardChargeCreated' && created.length > 0) await this.insertCharges(created.splice(0), tx);
      const businessId = recorded.metadata.businessId;
      const mode = recorded.metadata.mode;
      switch (event.type) {
        case 'CardTokenCreated': {
          const t = event.data;
          await tx.query(
            `INSERT INTO card_tokens (token_id, business_id, mode, masked_card_number, card_brand, is_multiple_use, ` +
              `three_ds_profile, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'VERIFIED', $8, $8) ON CONFLICT (token_id) DO NOTHING`,
            [
              t.tokenId,
              t.businessId,
              t.mode,
              t.maskedCardNumber,
              t.cardBrand,
              t.isMultipleUse,
              t.threeDsProfile,
              t.createdAt,
            ],
          );
          break;
        }
        case 'CardAuthenticationStarted': {
          const a = event.data;
          await this.recordAuthentication(tx, a, 'IN_REVIEW', a.startedAt);
          const payload: ExpireAuthenticationPayload = { tokenId: a.tokenId, authenticationId: a.authenticationId };
          await this.scheduler.schedule(
            {
              kind: EXPIRE_AUTHENTICATION_JOB,
              key: AUTHENTICATION_TIMEOUT_JOB_KEYS.of(a.authenticationId),
              payload,
              dueAt: new Date(Date.parse(a.startedAt) + AUTHENTICATION_TIMEOUT_MS),
              businessId,
              mode,
            },
            tx,
          );
          break;
        }
        case 'CardAuthenticationVerified':
          await this.recordAuthentication(tx, event.data, 'VERIFIED', event.data.verifiedAt);
          break;
        case 'CardAuthenticationFailed': {
          const a = event.data;
          await tx.query(
            `UPDATE card_authentications SET status = 'FAILED', failure_reason = $2, ` +
              `updated_at = $3 WHERE authentication_id = $1`,
            [a.authenticationId, a.failureReason, a.failedAt],
          );
          if (a.bundled) await this.tokenStatus(tx, a.tokenId, 'FAILED', a.failedAt, a.authenticationId);
          break;
        }
        case 'CardTokenCharged':
          await tx.query('UPDATE card_tokens SET charges = charges + 1, updated_at = $2 WHERE token_id = $1', [
            event.data.tokenId,
            event.data.chargedAt,
          ]);
          break;
        case 'CardChargeCreated':
          created.push(event.data);
          break;
        case 'CardChargeCaptured':
          await chargeStatus(tx, event.data.chargeId, 'CAPTURED', event.data.capturedAt, event.data.captureAmount);
          break;
        case 'CardAuthorizationReversed':
          await chargeStatus(tx, event.data.chargeId, 'REVERSED', event.data.reversedAt);
          break;
        case 'CardAuthorizationExpired':
          await chargeStatus(tx, event.data.chargeId, 'EXPIRED', event.data.expiredAt);
          break;
        case 'CardRefundRequested': {
          const r = event.data;
          const { rowCount } = await tx.query(
            `INSERT INTO card_refunds (refund_id, charge_id, business_id, mode, external_id, amount, currency, ` +
              `fee_refund_amount, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9, $9) ON CONFLICT (refund_id) DO NOTHING`,
            [
              r.refundId,
              r.chargeId,
              r.businessId,
              r.mode,
              r.externalId,
              r.amount,
              r.currency,
              r.feeRefundAmount,
              r.createdAt,
            ],
          );
          if (rowCount === 0) break;
          const payload: ProcessRefundPayload = { chargeId: r.chargeId, refundId: r.refundId };
          await this.scheduler.schedule(
            {
              kind: PROCESS_REFUND_JOB,
              key: REFUND_JOB_KEYS.of(r.refundId),
              payload,
              dueAt: new Date(r.createdAt),
              businessId: r.businessId,
              mode: r.mode,
            },
            tx,
          );
          break;
        }
        case 'CardRefundSucceeded':
        case 'CardRefundFailed':
          await tx.query(
            'UPDATE card_refunds SET status = $2, failure_reason = $3, updated_at = $4 WHERE refund_id = $1',
            [
              event.data.refundId,
              event.data.status,
              event.data.status === 'FAILED' ? event.data.failureReason : null,
              event.data.updatedAt,
            ],
          );
          break;
        case 'MoneyInReceived':
        case 'MoneyInRefunded':
          break; // the ledger's; not listed in eventTypes
        default:
          assertNever(event, 'cards event');
      }
    }
    if (created.length > 0) await this.insertCharges(created, tx);
  }

  /**
   * A batch of new captured charges only (the bulk of a busy log) reads nothing: their rows in one
   * statement, planned, sent with the batch's framing. An authorization gets an expiry job for a
   * row that is new, which needs the insert's answer: `apply`.
   */
  plannedStatements(events: RecordedEvent[]): QueryConfig[] | undefined {
    const charges: ChargeCreatedData[] = [];
    for (const { event } of typedEvents<CardTokenEvent | CardChargeEvent>(events)) {
      if (event.type !== 'CardChargeCreated' || event.data.status === 'AUTHORIZED') return undefined;
      charges.push(event.data);
    }
    return [insertChargesStatement(charges)];
  }

  /** New charges in one statement; an authorization gets its 7-day expiry job (replayed rows: none). */
  private async insertCharges(charges: ChargeCreatedData[], tx: ClientBase): Promise<void> {
    const { rows: inserted } = await tx.query<{ charge_id: string }>(insertChargesStatement(charges));
    const fresh = new Set(inserted.map((row) => row.charge_id));
    const expiries = charges
      .filter((c) => c.status === 'AUTHORIZED' && fresh.has(c.chargeId))
      .map((c) => ({
        kind: EXPIRE_AUTHORIZATION_JOB,
        key: AUTHORIZATION_EXPIRY_JOB_KEYS.of(c.chargeId),
        payload: { chargeId: c.chargeId } satisfies ChargeJobPayload,
        dueAt: new Date(Date.parse(c.createdAt) + AUTHORIZATION_LIFETIME_MS),
        businessId: c.businessId,
        mode: c.mode,
      }));
    await this.scheduler.scheduleMany(expiries, tx);
  }

  /**
   * An authentication's row, with the card data of its token (a bundled one moves its token's
   * status too). A replayed start leaves the row as it is; a verification moves it on.
   */
  private async recordAuthentication(
    tx: ClientBase,
    a: Pick<AuthenticationData, 'authenticationId' | 'tokenId' | 'amount' | 'bundled'>,
    status: 'IN_REVIEW' | 'VERIFIED',
    at: string,
  ): Promise<void> {
    const onConflict =
      status === 'VERIFIED' ? 'DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at' : 'DO NOTHING';
    await tx.query(
      `INSERT INTO card_authentications (authentication_id, token_id, business_id, mode, amount, bundled, ` +
        `status, masked_card_number, three_ds_profile, created_at, updated_at)
       SELECT $1, $2, business_id, mode, $3, $4, $6, masked_card_number, three_ds_profile, $5, ` +
        `$5 FROM card_tokens WHERE token_id = $2
       ON CONFLICT (authentication_id) ${onConflict}`,
      [a.authenticationId, a.tokenId, a.amount, a.bundled, at, status],
    );
    if (a.bundled) await this.tokenStatus(tx, a.tokenId, status, at, a.authenticationId);
  }

  private async tokenStatus(
    tx: ClientBase,
    tokenId: string,
    status: string,
    at: string,
    authenticationId: string,
  ): Promise<void> {
    await tx.query(
      'UPDATE card_tokens SET status = $2, bundled_authentication_id = $3, updated_at = $4 WHERE token_id = $1',
      [tokenId, status, authenticationId, at],
    );
  }
}

/** A charge's new status (a capture also sets the captured amount). */
async function chargeStatus(
  tx: ClientBase,
  chargeId: string,
  status: 'CAPTURED' | 'REVERSED' | 'EXPIRED',
  at: string,
  captureAmount?: number,
): Promise<void> {
  await tx.query(
    'UPDATE card_charges SET status = $2, capture_amount = coalesce($4, capture_amount), updated_at = $3 ' +
      'WHERE charge_id = $1',
    [chargeId, status, at, captureAmount ?? null],
  );
}

/** The rows of new charges, one statement; answers the ids it inserted (a replayed row is left as it is). */
function insertChargesStatement(charges: readonly ChargeCreatedData[]): QueryConfig {
  const rows = charges.map((c) => ({
    ...c,
    authenticationId: c.authenticationId ?? null,
    captureAmount: c.captureAmount ?? null,
    failureReason: c.failureReason ?? null,
  }));
  return {
    name: 'cards_insert_charges',
    text:
      `INSERT INTO card_charges (charge_id, business_id, mode, token_id, authentication_id, external_id, status, ` +
      `authorized_amount, capture_amount, currency,
                                 masked_card_number, card_brand, card_type, charge_type, eci, ` +
      `merchant_reference_code, bank_reconciliation_id, failure_reason,
                                 created_at, updated_at, money_recorded_by)
       SELECT c."chargeId", c."businessId", c.mode, c."tokenId", c."authenticationId", c."externalId", c.status, ` +
      `c.amount, c."captureAmount", c.currency,
              c."maskedCardNumber", c."cardBrand", c."cardType", c."chargeType", c.eci, c."merchantReferenceCode", ` +
      `c."bankReconciliationId", c."failureReason",
              c."createdAt", c."createdAt", c."moneyRecordedBy"
         FROM json_to_recordset($1::json) AS c ("chargeId" text, "businessId" text, mode text, "tokenId" text, ` +
      `"authenticationId" text, "externalId" text, status text,
                                                amount bigint, "captureAmount" bigint, currency text, ` +
      `"maskedCardNumber" text, "cardBrand" text, "cardType" text,
                                                "chargeType" text, eci text, "merchantReferenceCode" text, ` +
      `"bankReconciliationId" text, "failureReason" text, "createdAt" timestamptz,
                                                "moneyRecordedBy" jsonb)
       ON CONFLICT (charge_id) DO NOTHING
       RETURNING charge_id`,
    values: [JSON.stringify(rows)],
  };
}
