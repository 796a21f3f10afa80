import type { INestApplication } from '@nestjs/common';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the Express app serves (Nest controllers and edge routes alike). */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)?.stack ?? [];
  return stack
    .filter((layer): layer is Required<Layer> => Boolean(layer.route))
    .flatMap((layer) =>
      Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => ({ method: method.toUpperCase(), path: layer.route.path })),
    );
}

/** Fills `:param` segments (and Express 5 `*splat`) with the given values. */
export function fillPath(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/[:*][A-Za-z0-9_]+/g, () =>
    encodeURIComponent(values[index++ % Math.max(values.length, 1)] ?? 'x'),
  );
}
