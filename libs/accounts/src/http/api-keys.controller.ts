import { BusinessErrors } from '../domain/business.errors';
import { invalidRequest, isPermission, type Permission } from '@gateway/domain';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, schema } from '@gateway/http-edge';
import { CurrentCaller, requestContextOf, RequirePermissions, SkipIdempotency } from '@gateway/http-edge';
import { Body, Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateApiKeyCommand } from '../application/create-api-key/create-api-key.command';
import { ListApiKeysQuery } from '../application/list-api-keys/list-api-keys.query';
import { RevokeApiKeyCommand } from '../application/revoke-api-key/revoke-api-key.command';
import { CreateApiKeyRequestDto } from './settings.request.dto';

const KEY_FIELDS = {
  key_id: schema.string(),
  business_id: schema.string(),
  mode: schema.oneOfStrings(['test', 'live']),
  kind: schema.oneOfStrings(['secret', 'public']),
  name: schema.string(),
  permissions: schema.arrayOf(schema.string()),
};

/** API keys of the caller's business, in the caller's mode only. */
@ApiTag('Account')
@Controller('api_keys')
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiDoc({
    summary: 'List API keys',
    description: "The business's keys in the key's mode; a key shows only its last characters (`key_hint`).",
    operationId: 'listApiKeys',
    response: schema.arrayOf(
      schema.object({
        ...KEY_FIELDS,
        key_hint: schema.string(),
        created: schema.dateTime(),
        revoked: schema.nullable(schema.dateTime()),
      }),
    ),
  })
  @RequirePermissions('settings:read')
  async list(@CurrentCaller() caller: Caller) {
    return this.queries.execute(new ListApiKeysQuery(caller.businessId, caller.mode));
  }

  /**
   * The key is in this response only; it is stored as a hash. Not idempotent on purpose: a
   * replayable response would have to keep the key itself for a day.
   */
  @Post()
  @ApiDoc({
    summary: 'Create an API key',
    description:
      "A key in the caller's mode. The key itself is in this answer only (it is stored hashed); " +
      'without `permissions` a secret key gets the default set. Not idempotent.',
    operationId: 'createApiKey',
    response: { status: 201, schema: schema.object({ ...KEY_FIELDS, key: schema.string('The key: shown once') }) },
  })
  @RequirePermissions('settings:write')
  @SkipIdempotency()
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateApiKeyRequestDto, @Req() request: Request) {
    const permissions = body.permissions === undefined ? undefined : body.permissions.map(asPermission);
    const created = await this.commands.execute(
      new CreateApiKeyCommand(
        caller.businessId,
        caller.mode,
        body.kind ?? 'secret',
        body.name,
        permissions,
        requestContextOf(request, caller),
      ),
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
  @ApiDoc({
    summary: 'Revoke an API key',
    description: 'The key stops working at once.',
    operationId: 'revokeApiKey',
    response: schema.object({ key_id: schema.string(), revoked: schema.dateTime() }),
    errors: ['API_KEY_NOT_FOUND_ERROR', 'API_KEY_ALREADY_REVOKED_ERROR'],
  })
  @RequirePermissions('settings:write')
  async revoke(@CurrentCaller() caller: Caller, @Param('id') keyId: string, @Req() request: Request) {
    const keys = await this.queries.execute(new ListApiKeysQuery(caller.businessId, caller.mode));
    // Another business's or mode's key answers as if it did not exist.
    if (!keys.some((key) => key.key_id === keyId)) throw BusinessErrors.keyNotFound(keyId);
    const revoked = await this.commands.execute(
      new RevokeApiKeyCommand(caller.businessId, keyId, requestContextOf(request, caller)),
    );
    return { key_id: revoked.keyId, revoked: revoked.revokedAt };
  }
}

function asPermission(value: string): Permission {
  if (!isPermission(value)) throw invalidRequest(`Unknown permission ${value}`);
  return value;
}
