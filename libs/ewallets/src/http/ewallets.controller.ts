import { AppConfig } from '@gateway/config';
import {
  ApiDoc,
  ApiError,
  ApiTag,
  type Caller,
  CurrentCaller,
  GatewayValidationPipe,
  publicBaseUrl,
  RequestApiVersion,
  requestContextOf,
  RequirePermissions,
  VersionedResource,
} from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Post, Query, Req, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { OvoDecisionAwaiter } from '../application/await-decision/ovo-decision-awaiter';
import { EwalletNetworkPolicy } from '../application/ewallet-network-policy';
import { FindEwalletPaymentQuery } from '../application/find-payment/find-ewallet-payment.query';
import { RequestEwalletPaymentCommand } from '../application/request-payment/request-ewallet-payment.command';
import { EWALLET_ERROR_CODES, EwalletErrors } from '../domain/ewallet.errors';
import { type EwalletType, isEwalletType } from '../domain/ewallet-types';
import { OVO_FAILURE_CODES, type OvoFailureCode } from '../domain/ovo-payer-simulator';
import { asEwalletApiError } from './ewallet-error-status';
import { EWALLET_PAYMENT_CREATED_SCHEMA, EWALLET_PAYMENT_SCHEMA } from './ewallet.response';
import {
  DanaPaymentRequestDto,
  type EwalletPaymentRequestDto,
  FindEwalletPaymentRequestDto,
  LinkajaPaymentRequestDto,
  OvoPaymentRequestDto,
  toPaymentRequest,
} from './ewallet.request.dto';
import { createdPaymentToWire, paymentToWire } from './ewallet.response';
import { EWALLETS_RESOURCE, OVO_SYNC_VERSION } from './ewallet-versions';

const validation = new GatewayValidationPipe();
const DTO_OF: Readonly<Record<EwalletType, Type<EwalletPaymentRequestDto>>> = {
  OVO: OvoPaymentRequestDto,
  DANA: DanaPaymentRequestDto,
  LINKAJA: LinkajaPaymentRequestDto,
};

/**
 * eWallet payment requests (spec: eWallet payment request; gaps.md: GET by external id). The
 * body's `ewallet_type` decides the rules, the response shape and the error statuses.
 */
@ApiTag('eWallets', "eWallet payments: OVO (push to the payer's phone), DANA and LINKAJA (hosted checkout pages).")
@Controller('ewallets')
export class EwalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly awaiter: OvoDecisionAwaiter,
    private readonly network: EwalletNetworkPolicy,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiDoc({
    summary: 'Create an eWallet payment',
    description:
      '`ewallet_type` decides the fields, the answer and the error statuses (spec tables): OVO pushes the payment to ' +
      "the payer's phone (validation errors 422); DANA and LINKAJA answer a `checkout_url` to send the payer to " +
      "(DANA validation 422, LINKAJA 400). OVO of version 2019-02-04 waits for the payer's decision (504 " +
      'EWALLET_DECISION_TIMEOUT_ERROR past `EWALLET_SYNC_WAIT_MS`); ' +
      '2020-02-01 answers PENDING at once and sends the `ewallet` callback.',
    operationId: 'createEwalletPayment',
    body: { byField: { field: 'ewallet_type', dtos: DTO_OF } },
    response: EWALLET_PAYMENT_CREATED_SCHEMA,
    // Statuses from the ewallets catalogue; the two pairs are this route's own (ewallet-error-status.ts).
    errors: [
      ['API_VALIDATION_ERROR', 422],
      ['DUPLICATE_ERROR', EWALLET_ERROR_CODES.statusOf('DUPLICATE_ERROR')],
      'EWALLET_TYPE_NOT_SUPPORTED',
      'GENERATE_CHECKOUT_TOKEN_ERROR',
      'DUPLICATE_PAYMENT',
      'DUPLICATE_PAYMENT_ERROR',
      ...OVO_FAILURE_CODES,
      'EWALLET_NETWORK_UNAVAILABLE_ERROR',
      'EWALLET_DECISION_TIMEOUT_ERROR',
      'CHANNEL_NOT_ACTIVATED',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  @VersionedResource(EWALLETS_RESOURCE)
  async create(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string,
    @Body() body: unknown,
    @Req() request: Request,
  ) {
    const type = typeOfBody(body);
    try {
      const dto = (await validation.transform(body, {
        type: 'body',
        metatype: DTO_OF[type],
        data: '',
      })) as EwalletPaymentRequestDto;
      const context = requestContextOf(request, caller);
      const payment = await this.commands.execute(
        new RequestEwalletPaymentCommand(caller.businessId, caller.mode, toPaymentRequest(dto), version, context),
      );
      const baseUrl = publicBaseUrl(request, this.config);
      if (type !== 'OVO' || version !== OVO_SYNC_VERSION) return createdPaymentToWire(payment, baseUrl);

      // 2019-02-04: the answer is the payer's decision.
      const decided = await this.awaiter.decided(payment, this.network.syncWaitMs);
      if (!decided || decided.status === 'PENDING') {
        throw EwalletErrors.decisionTimeout(payment.externalId);
      }
      if (decided.status !== 'COMPLETED') {
        const code = (decided.failureCode ?? 'USER_DID_NOT_AUTHORIZE_THE_PAYMENT') as OvoFailureCode;
        throw EwalletErrors.ovoFailure(code);
      }
      return createdPaymentToWire(decided, baseUrl);
    } catch (error) {
      throw asEwalletApiError(type, error);
    }
  }

  @Get()
  @ApiDoc({
    summary: 'Get an eWallet payment',
    description: 'The payment with `external_id` of `ewallet_type`, in the shape of its wallet type.',
    operationId: 'getEwalletPayment',
    response: EWALLET_PAYMENT_SCHEMA,
    errors: ['PAYMENT_NOT_FOUND_ERROR', 'EWALLET_TYPE_NOT_SUPPORTED'],
  })
  @RequirePermissions('money_in:read')
  async find(@CurrentCaller() caller: Caller, @Query() query: FindEwalletPaymentRequestDto, @Req() request: Request) {
    const type = query.ewallet_type;
    if (!isEwalletType(type)) throw unsupportedType(type);
    const payment = await this.queries.execute(
      new FindEwalletPaymentQuery(caller.businessId, caller.mode, type, query.external_id),
    );
    if (!payment) throw asEwalletApiError(type, EwalletErrors.notFound());
    return paymentToWire(payment, publicBaseUrl(request, this.config));
  }
}

/** The type comes first: it decides every other rule. Missing → 400 validation; unknown → 422. */
function typeOfBody(body: unknown): EwalletType {
  const value =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).ewallet_type
      : undefined;
  if (typeof value !== 'string' || value === '') {
    const message = 'ewallet_type must be a string';
    throw ApiError.validation(message, [
      { field: ['ewallet_type'], location: 'body', messages: [message], types: ['isString'] },
    ]);
  }
  if (!isEwalletType(value)) throw unsupportedType(value);
  return value;
}

function unsupportedType(value: string): Error {
  return EwalletErrors.typeNotSupported(value);
}
