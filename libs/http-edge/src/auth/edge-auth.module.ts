import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyGuard } from './api-key.guard';

/**
 * Authentication (API key, permissions, for-user-id) for every route of the app that imports
 * it. The account ports come from the accounts context.
 */
@Module({ providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }] })
export class EdgeAuthModule {}
