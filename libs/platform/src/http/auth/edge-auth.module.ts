import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ApiVersionInterceptor } from '../versioning/api-version.interceptor';
import { ApiKeyGuard } from './api-key.guard';

/**
 * Authentication (API key, permissions, for-user-id) and API version resolution for every
 * route of the app that imports it. The account ports come from the accounts context.
 */
@Module({
  providers: [
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_INTERCEPTOR, useClass: ApiVersionInterceptor },
  ],
})
export class EdgeAuthModule {}
