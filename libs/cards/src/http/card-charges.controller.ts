import {
  ApiDoc,
  ApiTag,
  type Caller,
  CurrentCaller,
  RequestApiVersion,
  requestContextOf,
  RequirePermissions,
  VersionedResource,
} from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  CaptureChargeCommand,
  ReverseAuthorizationCommand,
} from '../application/capture-charge/capture-charge.command';
import { CreateChargeCommand } from '../application/create-charge/create-charge.command';
import { CreateRefundCommand } from '../application/create-refund/create-refund.command';
import { GetChargeQuery } from '../application/get-charge/get-charge.query';
import { CARD_REFUNDS_RESOURCE, SYNCHRONOUS_REFUND_VERSION } from './card-refund-versions';
import { ChargeIdParams } from './charge-id.request.dto';
import {
  CaptureChargeRequestDto,
  CreateChargeRequestDto,
  CreateRefundRequestDto,
  ReverseAuthorizationRequestDto,
} from './cards.request.dto';
import {
  CARD_CHARGE_SCHEMA,
  CARD_REFUND_SCHEMA,
  CARD_REVERSAL_SCHEMA,
  chargeToWire,
  refundToWire,
  reversalToWire,
} from './cards.response';

@ApiTag('Cards')
@Controller('credit_card_charges')
export class CardChargesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiDoc({
    summary: 'Charge a card',
    description:
      'Charges a token for `amount`: captured at once, or held (`capture: false`, ' +
      'AUTHORIZED) for a capture within 7 days. A single-use token charges once; ' +
      '`authentication_id` may be left out only when the token was authenticated with its bundled 3DS or the account ' +
      'has optional authentication. A declined card answers 200 with status FAILED and a `failure_reason`.',
    operationId: 'createCardCharge',
    response: CARD_CHARGE_SCHEMA,
    errors: [
      'TOKEN_NOT_FOUND_ERROR',
      'INVALID_TOKEN_ID_ERROR',
      'TOKEN_ALREADY_USED_ERROR',
      'AUTHENTICATION_ALREADY_USED_ERROR',
      'AUTHENTICATION_REQUIRED_ERROR',
      'AUTHENTICATION_ID_MISSING_ERROR',
      'AUTHENTICATION_NOT_FOUND_ERROR',
      'INVALID_AUTHENTICATION_ID_ERROR',
      'INVALID_AUTHENTICATION_STATUS_ERROR',
      'AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR',
      'INVALID_CVN_LENGTH_ERROR',
      'TEMPORARY_SERVICE_ERROR',
      'CHANNEL_NOT_ACTIVATED',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateChargeRequestDto, @Req() request: Request) {
    const charge = await this.commands.execute(
      new CreateChargeCommand(
        caller.businessId,
        caller.mode,
        {
          tokenId: body.token_id,
          externalId: body.external_id,
          amount: body.amount,
          authenticationId: body.authentication_id,
          cardCvn: body.card_cvn,
          capture: body.capture ?? true,
          isRecurring: body.is_recurring === true,
        },
        requestContextOf(request, caller),
      ),
    );
    return chargeToWire(charge);
  }

  @Get(':credit_card_charge_id')
  @ApiDoc({
    summary: 'Get a card charge',
    operationId: 'getCardCharge',
    response: CARD_CHARGE_SCHEMA,
    errors: ['CREDIT_CARD_CHARGE_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param() { credit_card_charge_id: chargeId }: ChargeIdParams) {
    return chargeToWire(await this.queries.execute(new GetChargeQuery(caller.businessId, caller.mode, chargeId)));
  }

  @Post(':credit_card_charge_id/capture')
  @ApiDoc({
    summary: 'Capture an authorized charge',
    description: 'Captures `amount` (at most the authorized amount) of an AUTHORIZED charge.',
    operationId: 'captureCardCharge',
    response: CARD_CHARGE_SCHEMA,
    errors: [
      'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR',
      'INVALID_CHARGE_STATUS_ERROR',
      'AMOUNT_GREATER_THAN_AUTHORIZED_ERROR',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async capture(
    @CurrentCaller() caller: Caller,
    @Param() { credit_card_charge_id: chargeId }: ChargeIdParams,
    @Body() body: CaptureChargeRequestDto,
    @Req() request: Request,
  ) {
    return chargeToWire(
      await this.commands.execute(
        new CaptureChargeCommand(
          caller.businessId,
          caller.mode,
          chargeId,
          body.amount,
          requestContextOf(request, caller),
        ),
      ),
    );
  }

  @Post(':credit_card_charge_id/auth_reversal')
  @ApiDoc({
    summary: 'Reverse an authorization',
    description: 'Releases the held amount of an AUTHORIZED charge (it becomes REVERSED).',
    operationId: 'reverseCardAuthorization',
    response: CARD_REVERSAL_SCHEMA,
    errors: ['CREDIT_CARD_CHARGE_NOT_FOUND_ERROR', 'INVALID_CHARGE_STATUS_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async reverse(
    @CurrentCaller() caller: Caller,
    @Param() { credit_card_charge_id: chargeId }: ChargeIdParams,
    @Body() body: ReverseAuthorizationRequestDto,
    @Req() request: Request,
  ) {
    return reversalToWire(
      await this.commands.execute(
        new ReverseAuthorizationCommand(
          caller.businessId,
          caller.mode,
          chargeId,
          body.external_id,
          requestContextOf(request, caller),
        ),
      ),
    );
  }

  /** `X-IDEMPOTENCY-KEY` replays the first answer (the platform's idempotency, on every POST). */
  @Post(':credit_card_charge_id/refunds')
  @ApiDoc({
    summary: 'Refund a card charge',
    description:
      'Refunds `amount` of a CAPTURED charge; several refunds are allowed while their total stays within the ' +
      'captured amount. Version 2018-01-01 (the default) answers PENDING and sends the `credit_card_refund` callback ' +
      'once processed; 2019-05-01 processes it before answering.',
    operationId: 'createCardRefund',
    response: CARD_REFUND_SCHEMA,
    errors: [
      'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR',
      'INVALID_CHARGE_STATUS_ERROR',
      'REFUND_AMOUNT_EXCEEDED_ERROR',
      'DUPLICATE_REFUND_ERROR',
      'INVALID_REFUND_STATUS_ERROR',
      'INSUFFICIENT_BALANCE',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  @VersionedResource(CARD_REFUNDS_RESOURCE)
  async refund(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string | undefined,
    @Param() { credit_card_charge_id: chargeId }: ChargeIdParams,
    @Body() body: CreateRefundRequestDto,
    @Req() request: Request,
  ) {
    const refund = await this.commands.execute(
      new CreateRefundCommand(
        caller.businessId,
        caller.mode,
        chargeId,
        body.external_id,
        body.amount,
        version === SYNCHRONOUS_REFUND_VERSION,
        requestContextOf(request, caller),
      ),
    );
    return refundToWire(refund);
  }
}
