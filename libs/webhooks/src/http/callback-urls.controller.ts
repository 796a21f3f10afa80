import {
  CALLBACK_KINDS,
  GetCallbackEndpointQuery,
  RotateSigningSecretCommand,
  SetCallbackUrlCommand,
  type CallbackEndpointView,
} from '@gateway/accounts';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag } from '@gateway/http-edge';
import { CurrentCaller, requestContextOf, RequirePermissions, SkipIdempotency } from '@gateway/http-edge';
import {
  CALLBACK_URL_SCHEMA,
  CALLBACK_URL_SET_SCHEMA,
  CALLBACK_URLS_SCHEMA,
  SIGNING_SECRET_ROTATED_SCHEMA,
  TEST_CALLBACK_SCHEMA,
} from './callbacks.response';
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
@ApiTag(
  'Callbacks',
  'Callback URLs per kind, signing secrets, test callbacks, ' +
    "and the delivery log with manual resends. The callbacks themselves are this document's webhooks.",
)
@Controller('callback_urls')
export class CallbackUrlsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post(':type')
  @ApiDoc({
    summary: 'Set the callback URL of a kind',
    description:
      "Where callbacks of `type` go in the key's mode (what the public client's `setCallbackURL` calls). Live-mode " +
      'URLs must be https. Setting a URL enables a kind disabled by a 410.',
    operationId: 'setCallbackUrl',
    response: CALLBACK_URL_SET_SCHEMA,
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async set(
    @CurrentCaller() caller: Caller,
    @Param() params: CallbackTypeParams,
    @Body() body: SetCallbackUrlRequestDto,
    @Req() request: Request,
  ) {
    const set = await this.commands.execute(
      new SetCallbackUrlCommand(
        caller.businessId,
        caller.mode,
        params.type,
        body.url,
        requestContextOf(request, caller),
      ),
    );
    return {
      status: 'SUCCESSFUL',
      user_id: caller.businessId,
      url: set.url,
      environment: environmentOf(caller),
      callback_token: set.callbackToken,
    };
  }

  @Get()
  @ApiDoc({
    summary: 'List callback URLs',
    description: "Every kind's URL, state and signing secret in the key's mode.",
    operationId: 'listCallbackUrls',
    response: CALLBACK_URLS_SCHEMA,
  })
  @RequirePermissions('settings:read')
  async list(@CurrentCaller() caller: Caller) {
    const endpoints = await Promise.all(
      CALLBACK_KINDS.map((kind) =>
        this.queries.execute(new GetCallbackEndpointQuery(caller.businessId, caller.mode, kind)),
      ),
    );
    return { environment: environmentOf(caller), data: endpoints.map(toWire) };
  }

  @Get(':type')
  @ApiDoc({ summary: 'Get the callback URL of a kind', operationId: 'getCallbackUrl', response: CALLBACK_URL_SCHEMA })
  @RequirePermissions('settings:read')
  async get(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams) {
    const endpoint = await this.queries.execute(
      new GetCallbackEndpointQuery(caller.businessId, caller.mode, params.type),
    );
    return { environment: environmentOf(caller), ...toWire(endpoint), callback_token: endpoint.callbackToken };
  }

  @Post(':type/signing_secret/rotate')
  @ApiDoc({
    summary: 'Rotate the signing secret of a kind',
    description: 'A new signing secret; the old one stops signing at once.',
    operationId: 'rotateCallbackSigningSecret',
    response: SIGNING_SECRET_ROTATED_SCHEMA,
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async rotateSigningSecret(
    @CurrentCaller() caller: Caller,
    @Param() params: CallbackTypeParams,
    @Req() request: Request,
  ) {
    const { signingSecret } = await this.commands.execute(
      new RotateSigningSecretCommand(caller.businessId, caller.mode, params.type, requestContextOf(request, caller)),
    );
    return { callback_type: params.type, environment: environmentOf(caller), signing_secret: signingSecret };
  }

  /** Sends a sample callback of this kind to its URL, delivered (and logged) like a real one. */
  @Post(':type/test')
  @ApiDoc({
    summary: 'Send a test callback',
    description:
      'Sends a sample callback (`"event": "callback.test"`) of this kind to its URL through the same pipeline as ' +
      'real ones (signed, retried, logged).',
    operationId: 'sendTestCallback',
    response: TEST_CALLBACK_SCHEMA,
    errors: ['CALLBACK_URL_NOT_FOUND_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  async test(@CurrentCaller() caller: Caller, @Param() params: CallbackTypeParams, @Req() request: Request) {
    const requested = await this.commands.execute(
      new RequestTestCallbackCommand(caller.businessId, caller.mode, params.type, requestContextOf(request, caller)),
    );
    return {
      id: requested.testId,
      callback_type: params.type,
      url: requested.url,
      webhook_id: requested.webhookId,
      status: 'REQUESTED',
    };
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
