import { strictPercentDecode } from '../encoding/strict-percent-decode';
import type { ValidationIssue } from '../errors/api-error';

/**
 * Express 5's query parser (`node:querystring`) turns percent-escapes that are not UTF-8 (a lone
 * surrogate `%ED%A0%80`, a truncated `%E0%A4%A`, an overlong `%C0%AF`) into U+FFFD and keeps a
 * bare `%` as it is, so the handler searched for a value the client never sent (`external_id=���`
 * answered 200 with nothing, or 404 naming it). The parsed query cannot tell, so the raw one is
 * read here: every name and value (`+` is a space, as the parser reads it) must be made of
 * characters and `%XX` escapes whose bytes are UTF-8. What a client sends unencoded (xendit-node
 * does not encode query values) stays fine: spaces and `&` are the URL parser's and the split's
 * business, and a `%` that starts no escape is the character `%`, as the parser reads it.
 */

/** The query part of a request target (`/v2/invoices?a=1` -> `a=1`), without a fragment. */
export function rawQueryOf(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return '';
  const query = url.slice(queryAt + 1);
  const fragmentAt = query.indexOf('#');
  return fragmentAt === -1 ? query : query.slice(0, fragmentAt);
}

/**
 * The first parameter of `rawQuery` whose name or value does not decode, as a query issue naming
 * it; `undefined` when all do. A bad name is reported with an empty field, as a bad body key is
 * reported at the object holding it: what it says cannot be printed.
 */
export function findUndecodableQuery(rawQuery: string): ValidationIssue | undefined {
  if (!rawQuery.includes('%')) return undefined;
  for (const pair of rawQuery.split('&')) {
    const equalsAt = pair.indexOf('=');
    const rawName = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
    const rawValue = equalsAt === -1 ? '' : pair.slice(equalsAt + 1);
    const name = strictlyDecodedQueryText(rawName);
    if (name === undefined) return undecodableIssue([]);
    if (strictlyDecodedQueryText(rawValue) === undefined) return undecodableIssue([name]);
  }
  return undefined;
}

/** A query name or value decoded as the query parser reads it (`+` is a space), or `undefined` when it cannot be. */
export function strictlyDecodedQueryText(text: string): string | undefined {
  return strictPercentDecode(text.replaceAll('+', ' '), 'literal');
}

function undecodableIssue(field: string[]): ValidationIssue {
  return {
    field,
    location: 'query',
    messages: [
      'must be percent-encoded UTF-8: an escape that decodes to no UTF-8 character ' +
        '(such as %ED%A0%80 or %C0%AF) cannot be read',
    ],
    types: ['percentEncodedUtf8'],
  };
}
