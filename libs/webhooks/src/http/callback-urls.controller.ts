import { CALLBACK_KINDS, GetCallbackEndpointQuery, requestContextOf, RotateSigningSecretCommand, SetCallbackUrlCommand, type CallbackEndpointView } from '@gateway/accounts';
import { type Caller, CurrentCaller, RequirePermissions, SkipIdempotency } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { RequestTestCallbackCommand } from '../application/request-test-callback/request-test-callback.command';
import { CallbackTypeParams, SetCallbackUrlRequestDto } from './callbacks.request.dto';

const environmentOf = (caller: Caller) => (caller.mode === 'live' ? 'LIVE' : 'TEST');

/**
 * Callback URLs per kind, in the caller's mode. `POST /callback_urls/{type}` is what the public
 * client's `setCallbackURL` calls. Responses carry secrets (token, signing secret), so none of
 * these routes stores a replayable idempotent response.
 */
@Controller('callback_urls')
export class CallbackUrlsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post(':type')
  @HttpCode(200)
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async set(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams, @Body() body: SetCallbackUrlRequestDto, @Req() request: Request) {
    const set = await this.commands.execute(
      new SetCallbackUrlCommand(caller.businessId, caller.mode, params.type, body.url, requestContextOf(request, caller)),
    );
    return { status: 'SUCCESSFUL', user_id: caller.businessId, url: set.url, environment: environmentOf(caller), callback_token: set.callbackToken };
  }

  @Get()
  @RequirePermissions('settings:read')
  async list(@CurrentCaller() caller: Caller) {
    const endpoints = await Promise.all(CALLBACK_KINDS.map((kind) => this.queries.execute(new GetCallbackEndpointQuery(caller.businessId, caller.mode, kind))));
    return { environment: environmentOf(caller), data: endpoints.map(toWire) };
  }

  @Get(':type')
  @RequirePermissions('settings:read')
  async get(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams) {
    const endpoint = await this.queries.execute(new GetCallbackEndpointQuery(caller.businessId, caller.mode, params.type));
    return { environment: environmentOf(caller), ...toWire(endpoint), callback_token: endpoint.callbackToken };
  }

  @Post(':type/signing_secret/rotate')
  @HttpCode(200)
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async rotateSigningSecret(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams, @Req() request: Request) {
    const { signingSecret } = await this.commands.execute(
      new RotateSigningSecretCommand(caller.businessId, caller.mode, params.type, requestContextOf(request, caller)),
    );
    return { callback_type: params.type, environment: environmentOf(caller), signing_secret: signingSecret };
  }

  /** Sends a sample callback of this kind to its URL, delivered (and logged) like a real one. */
  @Post(':type/test')
  @HttpCode(200)
  @RequirePermissions('settings:write')
  async test(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams, @Req() request: Request) {
    const requested = await this.commands.execute(
      new RequestTestCallbackCommand(caller.businessId, caller.mode, params.type, requestContextOf(request, caller)),
    );
    return { id: requested.testId, callback_type: params.type, url: requested.url, webhook_id: requested.webhookId, status: 'REQUESTED' };
  }
}

function toWire(endpoint: CallbackEndpointView) {
  return {
    callback_type: endpoint.kind,
    url: endpoint.url,
    status: endpoint.url === null ? 'NOT_SET' : endpoint.disabled ? 'DISABLED' : 'ENABLED',
    disabled_reason: endpoint.disabledReason,
    signing_secret: endpoint.signingSecret,
  };
}
