import { Matches } from 'class-validator';
import { CARD_ID_PATTERN } from '../application/card-ids';

/**
 * The `credit_card_charge_id` path parameter. The spec's get-charge row answers a malformed id
 * with 400 API_VALIDATION_ERROR (and an unknown one with 404): a charge id is 24 lowercase hex
 * digits, so anything else cannot name a charge. Every `/credit_card_charges/{id}` route checks it
 * the same way (issue 19, item 5).
 */
export class ChargeIdParams {
  @Matches(CARD_ID_PATTERN, {
    message: 'credit_card_charge_id must be a card charge id (24 lowercase hexadecimal digits)',
  })
  credit_card_charge_id!: string;
}
