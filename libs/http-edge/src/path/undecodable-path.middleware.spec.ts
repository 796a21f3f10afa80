import { Router } from 'express';
import { findUndecodablePathParam } from './undecodable-path.middleware';

/** Routes as Nest declares them on Express 5's router, in order. */
function layersOf(...paths: string[]) {
  const router = Router();
  for (const path of paths) router.get(path, () => undefined);
  return (router as unknown as { stack: Parameters<typeof findUndecodablePathParam>[0] }).stack;
}

describe('findUndecodablePathParam', () => {
  const layers = layersOf('/v2/invoices', '/v2/invoices/:id', '/invoices/:id/expire\\!', '/a/:first/b/:second');

  it.each(['%ED%A0%80', '%E0%A4%A', '%C0%AF', '%', '%FF'])(
    'names the parameter holding %s, at location path',
    (bad) => {
      expect(findUndecodablePathParam(layers, `/v2/invoices/${bad}`)).toMatchObject({
        field: ['id'],
        location: 'path',
        types: ['percentEncodedUtf8'],
      });
      expect(findUndecodablePathParam(layers, `/invoices/${bad}/expire!`)?.field).toEqual(['id']);
      expect(findUndecodablePathParam(layers, `/a/ok/b/${bad}`)?.field).toEqual(['second']);
    },
  );

  it('leaves decodable paths and paths no route takes to the router', () => {
    expect(findUndecodablePathParam(layers, '/v2/invoices/inv%20%E2%82%AC')).toBeUndefined();
    expect(findUndecodablePathParam(layers, '/nowhere/%ED%A0%80')).toBeUndefined();
  });
});
