import { DomainError } from '@gateway/domain';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { ChargeLoader } from '../charge-loader';
import { chargeViewOf } from '../card-views';
import { CardErrors } from '../../domain/cards.errors';
import { CARD_ID_PATTERN } from '../card-ids';
import type { ChargeView } from '../card-views';
import { GetChargeQuery } from './get-charge.query';

interface ChargeRow {
  charge_id: string;
  business_id: string;
  mode: 'test' | 'live';
  token_id: string;
  authentication_id: string | null;
  external_id: string;
  status: ChargeView['status'];
  authorized_amount: string;
  capture_amount: string | null;
  currency: string;
  masked_card_number: string;
  card_brand: ChargeView['cardBrand'];
  card_type: ChargeView['cardType'];
  charge_type: ChargeView['chargeType'];
  eci: ChargeView['eci'];
  merchant_reference_code: string;
  bank_reconciliation_id: string;
  failure_reason: ChargeView['failureReason'] | null;
  created_at: Date;
  updated_at: Date;
}

@QueryHandler(GetChargeQuery)
export class GetChargeHandler implements IQueryHandler<GetChargeQuery, ChargeView> {
  constructor(
    private readonly pool: Pool,
    private readonly charges: ChargeLoader,
  ) {}

  async execute(query: GetChargeQuery): Promise<ChargeView> {
    if (!CARD_ID_PATTERN.test(query.chargeId)) throw CardErrors.chargeNotFound();
    const { rows } = await this.pool.query<ChargeRow>(
      'SELECT * FROM card_charges WHERE charge_id = $1 AND business_id = $2 AND mode = $3',
      [query.chargeId, query.businessId, query.mode],
    );
    const row = rows[0];
    if (!row) return this.fromStream(query);
    return {
      chargeId: row.charge_id,
      businessId: row.business_id,
      mode: row.mode,
      tokenId: row.token_id,
      ...(row.authentication_id && { authenticationId: row.authentication_id }),
      externalId: row.external_id,
      status: row.status,
      authorizedAmount: Number(row.authorized_amount),
      ...(row.capture_amount !== null && { captureAmount: Number(row.capture_amount) }),
      currency: row.currency,
      maskedCardNumber: row.masked_card_number,
      cardBrand: row.card_brand,
      cardType: row.card_type,
      chargeType: row.charge_type,
      eci: row.eci,
      merchantReferenceCode: row.merchant_reference_code,
      bankReconciliationId: row.bank_reconciliation_id,
      ...(row.failure_reason && { failureReason: row.failure_reason }),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /**
   * Read-your-writes without making every create wait for the projection: a charge not projected
   * yet is read from its stream (an unknown id finds an empty stream and stays not found).
   */
  private async fromStream(query: GetChargeQuery): Promise<ChargeView> {
    try {
      const state = await this.charges.assertOwned(query.chargeId, query.businessId, query.mode);
      return chargeViewOf(state, state.snapshot.createdAt);
    } catch (error) {
      if (error instanceof DomainError) throw CardErrors.chargeNotFound();
      throw error;
    }
  }
}
