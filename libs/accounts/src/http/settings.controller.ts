import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, schema } from '@gateway/http-edge';
import { CurrentCaller, requestContextOf, RequirePermissions, SkipIdempotency } from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { GetSettingsQuery } from '../application/get-settings/get-settings.query';
import { RotateCallbackTokenCommand } from '../application/rotate-callback-token/rotate-callback-token.command';
import { UpdateSettingsCommand } from '../application/update-settings/update-settings.command';
import { SETTINGS_SCHEMA, SETTINGS_UPDATED_SCHEMA, settingsToWire } from './settings.response';
import { toSettingsChanges, UpdateSettingsRequestDto } from './settings.request.dto';

/**
 * What the spec leaves to "the dashboard", per business and mode (the key's). Reading needs
 * `settings:read`; changing needs `settings:write`, which ordinary keys do not carry by default.
 */
@ApiTag('Account', "The business's settings per mode, its API keys, and the callback token.")
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiDoc({
    summary: 'Get the settings',
    description: "The business's settings in the key's mode, and its callback token.",
    operationId: 'getSettings',
    response: SETTINGS_SCHEMA,
  })
  @RequirePermissions('settings:read')
  async get(@CurrentCaller() caller: Caller) {
    const view = await this.queries.execute(new GetSettingsQuery(caller.businessId, caller.mode));
    return {
      business_id: caller.businessId,
      environment: caller.mode === 'live' ? 'LIVE' : 'TEST',
      ...settingsToWire(view?.settings ?? {}),
      callback_token: view?.callbackToken ?? null,
      updated: view?.updatedAt ?? null,
    };
  }

  @Patch()
  @ApiDoc({
    summary: 'Update the settings',
    description:
      'Every field optional: a present field replaces the setting, ' +
      "`null` removes it. Settings belong to the key's mode.",
    operationId: 'updateSettings',
    response: SETTINGS_UPDATED_SCHEMA,
  })
  @RequirePermissions('settings:write')
  async update(@CurrentCaller() caller: Caller, @Body() body: UpdateSettingsRequestDto, @Req() request: Request) {
    const settings = await this.commands.execute(
      new UpdateSettingsCommand(
        caller.businessId,
        caller.mode,
        toSettingsChanges(body),
        requestContextOf(request, caller),
      ),
    );
    return {
      business_id: caller.businessId,
      environment: caller.mode === 'live' ? 'LIVE' : 'TEST',
      ...settingsToWire(settings),
    };
  }

  /** Not idempotent: a stored replay would copy the token out of the vault. */
  @Post('callback_token/rotate')
  @ApiDoc({
    summary: 'Rotate the callback token',
    description:
      "A new `x-callback-token` for this mode's callbacks; " +
      'the old one stops at once. Not idempotent: a stored replay would copy the token.',
    operationId: 'rotateCallbackToken',
    response: schema.object({ callback_token: schema.string(), environment: schema.oneOfStrings(['TEST', 'LIVE']) }),
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async rotateCallbackToken(@CurrentCaller() caller: Caller, @Req() request: Request) {
    const { callbackToken } = await this.commands.execute(
      new RotateCallbackTokenCommand(caller.businessId, caller.mode, requestContextOf(request, caller)),
    );
    return { callback_token: callbackToken, environment: caller.mode === 'live' ? 'LIVE' : 'TEST' };
  }
}
