import { ApiError, canonicalJson, type IdempotencyClaim, IdempotencyStore, toApiError } from '@gateway/http-edge';
import { KeyedExecution, runInKeyedExecution } from '@gateway/runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import type { DashboardSession } from '../../read-models/session-store';
import { formAlreadyUsed, formInProgress } from './dashboard-errors';
import { html, type SafeHtml } from './html';

/** The IdempotencyStore the dashboard's forms use (the same table and rules as the API's keys). */
export const DASHBOARD_IDEMPOTENCY = Symbol('dashboard:idempotency-store');

/** The hidden field of every form that acts: one random key per rendered form. */
export const FORM_KEY_FIELD = '_idem';
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** Fields that are not the request's parameters. */
const NOT_PARAMETERS = new Set(['_csrf', FORM_KEY_FIELD, 'confirm']);
/** A double submit waits this long for the first one to finish before answering. */
const WAIT_FOR_FIRST_MS = 15_000;

export function formKeyField(key: string = randomUUID()): SafeHtml {
  return html`<input type="hidden" name="${FORM_KEY_FIELD}" value="${key}">`;
}

/**
 * Runs a dashboard action once per form (issue 21): the form carries a random key, claimed in
 * the API's idempotency store (scoped to the business and mode, under `dashboard:<user>:`), and
 * the action runs as that key's KeyedExecution, so the ids it mints and the events it appends
 * derive from the key exactly as for an API request with `x-idempotency-key`. A second submit of
 * the same form (a double click, a reload of the POST, a retry after a lost answer) is answered
 * with the first one's outcome: the same redirect, or the same error. A key in flight makes the
 * second submit wait for the first.
 */
@Injectable()
export class DashboardActionRunner {
  constructor(@Inject(DASHBOARD_IDEMPOTENCY) private readonly store: IdempotencyStore) {}

  /** `perform` acts and answers where to send the browser (POST/redirect/GET). */
  async once(request: Request, session: DashboardSession, perform: () => Promise<string>): Promise<string> {
    const formKey = formKeyOf(request);
    const scope = { businessId: session.businessId, mode: session.mode, key: `dashboard:${session.userId}:${formKey}` };
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const outcome = await this.store.claim(scope, fingerprint);
      if (outcome.claimed) return this.run(outcome.claim, perform);
      if (outcome.mode !== session.mode || outcome.fingerprint !== fingerprint) {
        throw formAlreadyUsed();
      }
      if (outcome.state === 'completed') return replay(outcome.response);
      if (Date.now() > deadline) throw formInProgress();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async run(claim: IdempotencyClaim, perform: () => Promise<string>): Promise<string> {
    const execution = KeyedExecution.of({
      businessId: claim.businessId,
      mode: claim.mode,
      key: claim.key,
      generation: claim.generation,
    });
    let location: string;
    try {
      location = await runInKeyedExecution(execution, perform);
    } catch (error) {
      const answer = toApiError(error);
      // 5xx: indeterminate, so a resubmit runs again (same key and generation: it meets its own events).
      if (answer.status >= 500) await this.store.release(claim);
      else
        await this.store.complete(claim, {
          status: answer.status,
          headers: {},
          body: JSON.stringify({ error_code: answer.code, message: answer.message, errors: answer.errors ?? [] }),
        });
      throw error;
    }
    await this.store.complete(claim, { status: 303, headers: { location }, body: 'null' });
    return location;
  }
}

function formKeyOf(request: Request): string {
  const body = request.body as Record<string, unknown> | undefined;
  const key = body?.[FORM_KEY_FIELD];
  if (typeof key !== 'string' || !FORM_KEY.test(key)) {
    throw ApiError.validation('The form has no valid key; reload the page and send it again', [
      {
        field: [FORM_KEY_FIELD],
        location: 'body',
        messages: ['reload the page: the form key is missing or malformed'],
        types: ['formKey'],
      },
    ]);
  }
  return key;
}

/**
 * The same parameters: the route (with its path parameters) and every field but the CSRF token, the form key and the
 * confirmation.
 */
function fingerprintOf(request: Request): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const parameters = Object.fromEntries(Object.entries(body).filter(([name]) => !NOT_PARAMETERS.has(name)));
  return createHash('sha256')
    .update(canonicalJson([request.method, routePath(request), request.params ?? {}, parameters]))
    .digest('hex');
}

function replay(recorded: { status: number; headers: Record<string, string>; body: string }): string {
  if (recorded.status === 303 && recorded.headers.location) return recorded.headers.location;
  const body = JSON.parse(recorded.body) as { error_code: string; message: string; errors?: ApiError['errors'] };
  throw new ApiError(body.error_code, recorded.status, body.message, {
    errors: body.errors ? [...body.errors] : undefined,
  });
}

/** The matched route's pattern (express types `request.route` as any), else the path. */
function routePath(request: Request): string {
  const route = request.route as { path?: string } | undefined;
  return route?.path ?? request.path;
}
