import { SearchEwalletPaymentsHandler } from './application/search-payments/search-ewallet-payments.handler';
import { EwalletsAuditedResources } from './application/ewallets-audited-resources';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OvoDecisionAwaiter } from './application/await-decision/ovo-decision-awaiter';
import { CheckoutActionHandler } from './application/checkout-action/checkout-action.handler';
import { PaymentCompleter } from './application/complete-payment/payment-completer';
import { EwalletNetworkPolicy } from './application/ewallet-network-policy';
import { ExpireCheckoutJob } from './application/expire-checkout/expire-checkout.job';
import {
  FindCheckoutHandler,
  FindEwalletPaymentHandler,
} from './application/find-payment/find-ewallet-payment.handler';
import { OvoPayerDecisionJob } from './application/ovo-payer-decision/ovo-payer-decision.job';
import { RequestEwalletPaymentHandler } from './application/request-payment/request-ewallet-payment.handler';
import { CheckoutPageController } from './http/checkout-page.controller';
import { EwalletCallbackRenderer } from './http/ewallet-callback.renderer';
import { EwalletsController } from './http/ewallets.controller';
import { EwalletPaymentsProjection } from './read-models/ewallet-payments.projection';
import './http/ewallet-versions';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [RequestEwalletPaymentHandler, CheckoutActionHandler],
  queryHandlers: [FindEwalletPaymentHandler, FindCheckoutHandler, SearchEwalletPaymentsHandler],
  projections: [EwalletPaymentsProjection],
  jobs: [OvoPayerDecisionJob, ExpireCheckoutJob],
  callbackRenderers: [EwalletCallbackRenderer],
  auditedResources: [EwalletsAuditedResources],
  services: [EwalletNetworkPolicy, PaymentCompleter, OvoDecisionAwaiter],
});

/**
 * eWallet payment requests (OVO, DANA, LINKAJA): the payment aggregate, the simulated wallets of
 * test mode, the hosted checkout pages and the callbacks. Error statuses are per wallet type
 * (http/ewallet-error-status.ts), not in the global registry.
 */
@Module({
  imports: [CqrsModule],
  controllers: [EwalletsController, CheckoutPageController],
  providers,
})
export class EwalletsModule {}
