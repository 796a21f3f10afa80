import { DomainError, isPermission, type Permission } from '@gateway/domain';
import { type Caller, CurrentCaller, RequirePermissions, SkipIdempotency } from '@gateway/platform';
import { Body, Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateApiKeyCommand } from '../application/create-api-key/create-api-key.command';
import { ListApiKeysQuery } from '../application/list-api-keys/list-api-keys.query';
import { RevokeApiKeyCommand } from '../application/revoke-api-key/revoke-api-key.command';
import { requestContextOf } from './settings.controller';
import { CreateApiKeyRequestDto } from './settings.request.dto';

/** API keys of the caller's business, in the caller's mode only. */
@Controller('api_keys')
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequirePermissions('settings:read')
  async list(@CurrentCaller() caller: Caller) {
    return this.queries.execute(new ListApiKeysQuery(caller.businessId, caller.mode));
  }

  /**
   * The key is in this response only; it is stored as a hash. Not idempotent on purpose: a
   * replayable response would have to keep the key itself for a day.
   */
  @Post()
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateApiKeyRequestDto, @Req() request: Request) {
    const permissions = body.permissions === undefined ? undefined : body.permissions.map(asPermission);
    const created = await this.commands.execute(
      new CreateApiKeyCommand(caller.businessId, caller.mode, body.kind ?? 'secret', body.name, permissions, requestContextOf(request, caller)),
    );
    return {
      key_id: created.keyId,
      key: created.key,
      business_id: created.businessId,
      mode: created.mode,
      kind: created.kind,
      name: created.name,
      permissions: created.permissions,
    };
  }

  @Delete(':id')
  @RequirePermissions('settings:write')
  async revoke(@CurrentCaller() caller: Caller, @Param('id') keyId: string, @Req() request: Request) {
    const keys = await this.queries.execute(new ListApiKeysQuery(caller.businessId, caller.mode));
    // Another business's or mode's key answers as if it did not exist.
    if (!keys.some((key) => key.key_id === keyId)) throw new DomainError('API_KEY_NOT_FOUND_ERROR', `API key ${keyId} does not exist`);
    const revoked = await this.commands.execute(new RevokeApiKeyCommand(caller.businessId, keyId, requestContextOf(request, caller)));
    return { key_id: revoked.keyId, revoked: revoked.revokedAt };
  }
}

function asPermission(value: string): Permission {
  if (!isPermission(value)) throw new DomainError('API_VALIDATION_ERROR', `Unknown permission ${value}`);
  return value;
}
