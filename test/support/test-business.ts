import { type ProvisionedBusiness, ProvisionBusinessCommand } from '@gateway/accounts';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';

/** A business with owner keys (every permission) and public keys in both modes, as the CLI creates it. */
export async function provisionBusiness(
  app: INestApplication,
  options: { name?: string; isPlatform?: boolean; parentBusinessId?: string } = {},
): Promise<ProvisionedBusiness> {
  return app
    .get(CommandBus)
    .execute(
      new ProvisionBusinessCommand(
        options.name ?? `Test business ${randomUUID().slice(0, 8)}`,
        { requestId: `req_${randomUUID()}`, actor: 'system:test' },
        options,
      ),
    );
}

export function basicAuth(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** fetch with the key as Basic auth and JSON in and out. */
export async function call(
  baseUrl: string,
  key: string | undefined,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    signal: options.signal,
    headers: {
      ...(key !== undefined && { authorization: basicAuth(key) }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}
