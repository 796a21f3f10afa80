import type { NextFunction, Request, Response } from 'express';
import { strictPercentDecode } from '../encoding/strict-percent-decode';
import { ApiError, type ValidationIssue } from '../errors/api-error';

/** What this middleware needs of a layer of Express 5's router (`router/lib/layer.js`). */
interface RouterLayer {
  route?: unknown;
  /** Decodes the route's parameters: throws a URIError when one is not percent-encoded UTF-8. */
  match(path: string): false | { params: Record<string, unknown> };
}

/** Stands in for the undecodable segment when the route is matched again to learn the parameter's name. */
const PLACEHOLDER = 'undecodable-segment';

/** What `tryMatch` answers for a layer that takes the path but cannot decode one of its parameters. */
const UNDECODABLE = Symbol('undecodable');

/**
 * A path parameter whose escapes are not UTF-8 (`/v2/invoices/%ED%A0%80`, `%C0%AF`, a bare `%`)
 * made Express's router throw "Failed to decode param" while matching, which reached the error
 * filter as a bare 400 that said the input was the query (GET) or the body (PATCH). Checked here,
 * before routing, it is refused as what it is: 400 API_VALIDATION_ERROR, location `path`, naming
 * the route's parameter, as a NUL in a path parameter is. Only a segment a route would decode as
 * a parameter is refused: a path no route matches stays a 404.
 */
export function rejectUndecodablePath() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const issue = request.path.includes('%')
      ? findUndecodablePathParam(routerLayersOf(request), request.path)
      : undefined;
    next(issue ? ApiError.validation(summaryOf(issue), [issue]) : undefined);
  };
}

/**
 * The issue for the first route that cannot decode a parameter of `path` (the route Express would
 * have failed on), naming that parameter when the route, matched again with the segment replaced,
 * tells which it is; `undefined` when every segment decodes or no route takes it as a parameter.
 */
export function findUndecodablePathParam(layers: readonly RouterLayer[], path: string): ValidationIssue | undefined {
  const segments = path.split('/');
  if (segments.every((segment) => strictPercentDecode(segment) !== undefined)) return undefined;
  const failing = layers.find((layer) => layer.route !== undefined && tryMatch(layer, path) === UNDECODABLE);
  if (!failing) return undefined;
  const stoodIn = segments.map((segment) => (strictPercentDecode(segment) === undefined ? PLACEHOLDER : segment));
  const matched = tryMatch(failing, stoodIn.join('/'));
  const params = typeof matched === 'object' ? matched.params : {};
  const name = Object.keys(params).find((key) => params[key] === PLACEHOLDER);
  return {
    field: name === undefined ? [] : [name],
    location: 'path',
    messages: [
      'must be percent-encoded UTF-8: an escape that decodes to no UTF-8 character ' +
        '(such as %ED%A0%80, %C0%AF or a bare %) cannot be read',
    ],
    types: ['percentEncodedUtf8'],
  };
}

function summaryOf(issue: ValidationIssue): string {
  const what = issue.field.length > 0 ? `The path parameter ${issue.field[0]}` : 'A path parameter';
  return `${what} has percent-escapes that are not UTF-8`;
}

/** The layer's match of `path` (false when it does not take it), or UNDECODABLE. */
function tryMatch(layer: RouterLayer, path: string): ReturnType<RouterLayer['match']> | typeof UNDECODABLE {
  try {
    return layer.match(path);
  } catch (error) {
    if (error instanceof URIError) return UNDECODABLE;
    throw error;
  }
}

/** The app's router layers, routes included (Express 5: `app.router`, created with the first route). */
function routerLayersOf(request: Request): readonly RouterLayer[] {
  const router = (request.app as unknown as { router?: { stack?: RouterLayer[] } }).router;
  return router?.stack ?? [];
}
