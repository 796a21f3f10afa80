import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * cards.js runs on the merchant's origin and calls the tokenization endpoints here: they answer
 * any origin (the public key authorizes, not the origin; no cookies are involved) and their
 * preflight. Errors carry the header too, so the script can read their error_code.
 */
@Injectable()
export class TokenizationCorsMiddleware implements NestMiddleware {
  use(request: Request, response: Response, next: NextFunction): void {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-expose-headers', 'request-id');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
      response.setHeader('access-control-allow-headers', 'authorization, content-type');
      response.setHeader('access-control-max-age', '600');
      response.status(204).end();
      return;
    }
    next();
  }
}
