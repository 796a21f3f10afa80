import type { NestExpressApplication } from '@nestjs/platform-express';
import { translateBodyParserErrors } from './body-parser-errors';
import { rejectUnstorableInput } from './reject-unstorable-input.middleware';

/**
 * The only body parsers of the app (Nest's own are off: `bodyParser: false`), so that every body
 * error gets the spec's answer:
 * - JSON (`application/json`, `application/*+json`), strict (an object or an array at the top);
 * - URL-encoded forms, flat (`a=1&b=2`; no `a[b]` nesting), values as strings: no public client
 *   sends them, but a request that does must get a 4xx, not a 500;
 * - anything else is left unread: a DTO route then answers 400 with the missing fields.
 */
export function installBodyParsers(app: NestExpressApplication, limitBytes: number): void {
  app.useBodyParser('json', { limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] });
  app.useBodyParser('urlencoded', { limit: limitBytes, extended: false, parameterLimit: 1000 });
  app.use(translateBodyParserErrors(limitBytes));
  app.use(rejectUnstorableInput());
}
