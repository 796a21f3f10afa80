import { type Caller, CurrentCaller, RequestApiVersion, RequirePermissions, VersionedResource } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CaptureChargeCommand, ReverseAuthorizationCommand } from '../application/capture-charge/capture-charge.command';
import { CreateChargeCommand } from '../application/create-charge/create-charge.command';
import { CreateRefundCommand } from '../application/create-refund/create-refund.command';
import { GetChargeQuery } from '../application/get-charge/get-charge.query';
import { CARD_REFUNDS_RESOURCE, SYNCHRONOUS_REFUND_VERSION } from './card-refund-versions';
import { ChargeIdParams } from './charge-id.request.dto';
import { CaptureChargeRequestDto, CreateChargeRequestDto, CreateRefundRequestDto, ReverseAuthorizationRequestDto } from './cards.request.dto';
import { chargeToWire, refundToWire, reversalToWire } from './cards.response';
import { requestContextOf } from './request-context';

@Controller('credit_card_charges')
export class CardChargesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
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
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param() { credit_card_charge_id: chargeId }: ChargeIdParams) {
    return chargeToWire(await this.queries.execute(new GetChargeQuery(caller.businessId, caller.mode, chargeId)));
  }

  @Post(':credit_card_charge_id/capture')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async capture(@CurrentCaller() caller: Caller, @Param() { credit_card_charge_id: chargeId }: ChargeIdParams, @Body() body: CaptureChargeRequestDto, @Req() request: Request) {
    return chargeToWire(await this.commands.execute(new CaptureChargeCommand(caller.businessId, caller.mode, chargeId, body.amount, requestContextOf(request, caller))));
  }

  @Post(':credit_card_charge_id/auth_reversal')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async reverse(@CurrentCaller() caller: Caller, @Param() { credit_card_charge_id: chargeId }: ChargeIdParams, @Body() body: ReverseAuthorizationRequestDto, @Req() request: Request) {
    return reversalToWire(
      await this.commands.execute(new ReverseAuthorizationCommand(caller.businessId, caller.mode, chargeId, body.external_id, requestContextOf(request, caller))),
    );
  }

  /** `X-IDEMPOTENCY-KEY` replays the first answer (the platform's idempotency, on every POST). */
  @Post(':credit_card_charge_id/refunds')
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
      new CreateRefundCommand(caller.businessId, caller.mode, chargeId, body.external_id, body.amount, version === SYNCHRONOUS_REFUND_VERSION, requestContextOf(request, caller)),
    );
    return refundToWire(refund);
  }
}
