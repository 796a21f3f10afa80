import { SearchPaymentCodePaymentsHandler } from './application/search-payments/search-payment-code-payments.handler';
import { PaymentCodesAuditedResources } from './application/payment-codes-audited-resources';
import { registerErrorStatuses } from '@gateway/platform';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BusinessRetailTerms } from './application/business-retail-terms';
import { CreatePaymentCodeHandler } from './application/create-payment-code/create-payment-code.handler';
import { ExpirePaymentCodeJob } from './application/expire-payment-code/expire-payment-code.job';
import { GetPaymentCodeHandler, ListPaymentCodePaymentsHandler } from './application/get-payment-code/get-payment-code.handler';
import { PaymentCodeOpener } from './application/payment-code-opener';
import { SimulateRetailPaymentHandler } from './application/simulate-payment/simulate-retail-payment.handler';
import { UpdatePaymentCodeHandler } from './application/update-payment-code/update-payment-code.handler';
import { PaymentCodeCallbackRenderer } from './http/payment-code-callback.renderer';
import { PaymentCodesController } from './http/payment-codes.controller';
import { PaymentCodesProjection } from './read-models/payment-codes.projection';

registerErrorStatuses({
  FIXED_PAYMENT_CODE_NOT_FOUND_ERROR: 404,
  AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR: 404,
  RETAIL_OUTLET_NOT_SUPPORTED_ERROR: 400,
  PAYMENT_CODE_OUTSIDE_RANGE: 400,
  DUPLICATE_PAYMENT_CODE_ERROR: 400,
  EXPIRATION_DATE_INVALID_ERROR: 400,
  MINIMUM_EXPECTED_AMOUNT_ERROR: 400,
  MAXIMUM_EXPECTED_AMOUNT_ERROR: 400,
  INACTIVE_FIXED_PAYMENT_CODE_ERROR: 400,
  EXPECTED_AMOUNT_MISMATCH_ERROR: 400,
  TEST_MODE_ONLY_ERROR: 403,
});

/** Fixed payment codes paid at retail outlets (ALFAMART, INDOMARET), and invoice codes. */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentCodesController],
  providers: [
    PaymentCodesAuditedResources,
    BusinessRetailTerms,
    PaymentCodeOpener,
    CreatePaymentCodeHandler,
    UpdatePaymentCodeHandler,
    SimulateRetailPaymentHandler,
    GetPaymentCodeHandler,
    ListPaymentCodePaymentsHandler,
    SearchPaymentCodePaymentsHandler,
    ExpirePaymentCodeJob,
    PaymentCodesProjection,
    PaymentCodeCallbackRenderer,
  ],
})
export class PaymentCodesModule {}
