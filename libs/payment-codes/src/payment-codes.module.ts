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

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [CreatePaymentCodeHandler, UpdatePaymentCodeHandler, SimulateTillPaymentHandler];
/** Queries answered from its read models. */
const queryHandlers = [GetPaymentCodeHandler, ListPaymentCodePaymentsHandler, SearchPaymentCodePaymentsHandler];
/** Read models it builds from the log. */
const projections = [PaymentCodesProjection];
/** Durable scheduler jobs. */
const jobs = [ExpirePaymentCodeJob];
/** Callback bodies it renders for the webhook dispatcher. */
const callbackRenderers = [PaymentCodeCallbackRenderer];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [PaymentCodesAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [FixedInstruments, PaymentCodeQueries];

/** Fixed payment codes paid at retail outlets (ALFAMART, INDOMARET), and invoice codes. */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentCodesController],
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
export class PaymentCodesModule {}
