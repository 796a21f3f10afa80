import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { gatewayState } from '../caller';

export const ROUTE_VERSIONED_RESOURCE = 'gateway:route-versioned-resource';

/** The route serves a resource with dated versions; the request's version is resolved before the handler. */
export const VersionedResource = (resource: string) => SetMetadata(ROUTE_VERSIONED_RESOURCE, resource);

/** The version in force for this request (set for @VersionedResource routes). */
export const RequestApiVersion = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    gatewayState(context.switchToHttp().getRequest<Request>()).apiVersion,
);
