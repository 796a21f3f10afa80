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

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [RequestEwalletPaymentHandler, CheckoutActionHandler];
/** Queries answered from its read models. */
const queryHandlers = [FindEwalletPaymentHandler, FindCheckoutHandler, SearchEwalletPaymentsHandler];
/** Read models it builds from the log. */
const projections = [EwalletPaymentsProjection];
/** Durable scheduler jobs. */
const jobs = [OvoPayerDecisionJob, ExpireCheckoutJob];
/** Callback bodies it renders for the webhook dispatcher. */
const callbackRenderers = [EwalletCallbackRenderer];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [EwalletsAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [EwalletNetworkPolicy, PaymentCompleter, OvoDecisionAwaiter];

/**
 * eWallet payment requests (OVO, DANA, LINKAJA): the payment aggregate, the simulated wallets of
 * test mode, the hosted checkout pages and the callbacks. Error statuses are per wallet type
 * (http/ewallet-error-status.ts), not in the global registry.
 */
@Module({
  imports: [CqrsModule],
  controllers: [EwalletsController, CheckoutPageController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...projections,
    ...jobs,
    ...callbackRenderers,
    ...auditedResources,
    ...services,
  ],
})
export class EwalletsModule {}
