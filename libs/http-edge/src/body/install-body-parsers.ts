import type { NestExpressApplication } from '@nestjs/platform-express';
import { translateBodyParserErrors } from './body-parser-errors';
import { refuseUnreadBodies } from './refuse-unread-bodies.middleware';
import { rejectUnstorableInput } from './reject-unstorable-input.middleware';

/**
 * The only body parsers of the app (Nest's own are off: `bodyParser: false`), so that every body
 * error gets the spec's answer:
 * - JSON (`application/json`, `application/*+json`), strict (an object or an array at the top);
 * - URL-encoded forms, flat (`a=1&b=2`; no `a[b]` nesting), values as strings: no public client
 *   sends them, but a request that does must get a 4xx, not a 500;
 * - multipart forms are left to the upload routes' interceptors;
 * - any other body is refused: 415 UNSUPPORTED_CONTENT_TYPE_ERROR (it used to reach handlers as
 *   an empty body, and a PATCH answered 200 having changed nothing).
 */
export function installBodyParsers(app: NestExpressApplication, limitBytes: number): void {
  app.useBodyParser('json', { limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] });
  app.useBodyParser('urlencoded', { limit: limitBytes, extended: false, parameterLimit: 1000 });
  app.use(translateBodyParserErrors(limitBytes));
  app.use(refuseUnreadBodies());
  app.use(rejectUnstorableInput());
}
