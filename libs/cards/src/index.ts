export { CardsModule } from './cards.module';
export { cardsMigrations } from './read-models/cards.migrations';
export { CARDS_PROJECTION } from './read-models/cards.projection';
export { CardVault } from './vault/card-vault';
export * from './domain/card-charge.events';
export * from './domain/card-token.events';
export { FAILING_REFUND_PREFIX, FRAUD_HIGH_RISK_AMOUNT, FRAUD_LOW_RISK_AMOUNT } from './domain/card-network-simulator';
export { CARDS_SCRIPT } from './http/cards-script';
