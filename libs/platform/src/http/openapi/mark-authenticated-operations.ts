import type { INestApplication } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ApiSecurity } from '@nestjs/swagger';
import { ROUTE_NO_AUTH } from '../route-metadata';

/** Handlers already marked: controllers are classes shared by every app built in the process. */
const marked = new WeakSet<object>();

/**
 * Adds the Basic-auth requirement to the OpenAPI operation of every route not marked `@NoAuth()`,
 * so the document tells exactly which calls need a key. (A global requirement cannot be lifted per
 * operation: @nestjs/swagger drops an empty `security` list.)
 */
export function markAuthenticatedOperations(app: INestApplication, securityScheme: string): void {
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function' || Reflect.getMetadata(ROUTE_NO_AUTH, metatype) === true) continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || marked.has(handler) || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        marked.add(handler);
        if (Reflect.getMetadata(ROUTE_NO_AUTH, handler) === true) continue;
        ApiSecurity(securityScheme)(prototype, name, Object.getOwnPropertyDescriptor(prototype, name) ?? { value: handler });
      }
    }
  }
}
