import { SearchPaymentCodePaymentsHandler } from './application/search-payments/search-payment-code-payments.handler';
import { PaymentCodesAuditedResources } from './application/payment-codes-audited-resources';

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreatePaymentCodeHandler } from './application/create-payment-code/create-payment-code.handler';
import { ExpirePaymentCodeJob } from './application/expire-payment-code/expire-payment-code.job';
import {
  GetPaymentCodeHandler,
  ListPaymentCodePaymentsHandler,
} from './application/get-payment-code/get-payment-code.handler';
import { UpdatePaymentCodeHandler } from './application/update-payment-code/update-payment-code.handler';
import { PaymentCodeCallbackRenderer } from './http/payment-code-callback.renderer';
import { PaymentCodesController } from './http/payment-codes.controller';
import { PaymentCodesProjection } from './read-models/payment-codes.projection';
import { PaymentCodeQueries } from './read-models/payment-code-queries';
import { SimulateTillPaymentHandler } from './application/simulate-payment/simulate-till-payment.handler';
import { FixedInstruments } from '@gateway/fixed-instruments';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [CreatePaymentCodeHandler, UpdatePaymentCodeHandler, SimulateTillPaymentHandler],
  queryHandlers: [GetPaymentCodeHandler, ListPaymentCodePaymentsHandler, SearchPaymentCodePaymentsHandler],
  projections: [PaymentCodesProjection],
  jobs: [ExpirePaymentCodeJob],
  callbackRenderers: [PaymentCodeCallbackRenderer],
  auditedResources: [PaymentCodesAuditedResources],
  services: [FixedInstruments, PaymentCodeQueries],
});

/** Fixed payment codes paid at retail outlets (ALFAMART, INDOMARET), and invoice codes. */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentCodesController],
  providers,
})
export class PaymentCodesModule {}
