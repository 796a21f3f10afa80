import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { failpoint } from '@gateway/runtime';
import { KeyedExecution, runInKeyedExecution } from '@gateway/runtime';
import { gatewayState } from '../caller';
import {
  idempotencyKeyAlreadyUsed,
  idempotencyKeyInProgress,
  idempotencyKeyMismatch,
  idempotencyKeyUsedInOtherMode,
} from './idempotency-errors';
import { IDEMPOTENCY_KEY_HEADER, readIdempotencyKey } from './idempotency-key';
import {
  DEFAULT_IDEMPOTENCY_POLICY,
  IDEMPOTENCY_POLICY,
  type IdempotencyPolicyOptions,
} from './idempotency-policy.decorator';
import { type IdempotencyClaim, IdempotencyStore } from './idempotency-store';
import { isIndeterminate, type RecordedResponse, recordError, recordSuccess } from './recorded-response';
import { requestFingerprint } from './request-fingerprint';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

const SCOPED_METHODS = new Set(['POST', 'PATCH']);

/** Set on a request once an interceptor took charge of it, so a second registration is inert. */
const HANDLED = Symbol('gateway:idempotency-handled');

/**
 * Makes keyed POST and PATCH requests of authenticated callers idempotent (spec: Errors,
 * "Idempotency and retries"; design §7). Runs after the guards, so the caller is known.
 *
 * The key is claimed before the handler runs and its result recorded before the response is
 * sent, so a client that retries as soon as it has an answer always finds that answer stored.
 * Two round trips for a fresh key (claim, completion), one for a replay.
 *
 * A process can die (or hang past its lease) after the handler committed its effect and before
 * the result is recorded. The handler therefore runs as a KeyedExecution: the ids it mints and
 * the events it appends are derived from the key and the record's generation, so the retry that
 * takes the claim over re-executes the same request, meets its own committed events and answers
 * with them instead of acting twice (docs/reliability.md).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  /**
   * True when `intercept` would pass the request straight on, judged from the request alone (so
   * Nest can skip building the interceptor chain: `installSkippableInterceptors`). A key that is
   * present but malformed is not skipped: `intercept` refuses it.
   */
  skips(request: Request & { [HANDLED]?: true }): boolean {
    // Unauthenticated requests have no business to scope a key to.
    return (
      request.headers[IDEMPOTENCY_KEY_HEADER] === undefined ||
      !gatewayState(request).caller ||
      !SCOPED_METHODS.has(request.method) ||
      request[HANDLED] === true
    );
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { [HANDLED]?: true }>();
    if (this.skips(request)) return next.handle();
    const caller = gatewayState(request).caller!;
    const policy =
      this.reflector.getAllAndOverride<IdempotencyPolicyOptions | undefined>(IDEMPOTENCY_POLICY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? DEFAULT_IDEMPOTENCY_POLICY;
    if (policy.reuse === 'off') return next.handle();
    const key = readIdempotencyKey(request);
    if (key === undefined) return next.handle();
    request[HANDLED] = true;

    const response = context.switchToHttp().getResponse<Response>();
    // Deferred: nothing is claimed unless Nest subscribes. Once it has, the async work runs to
    // the end even if the client goes away, so the outcome is always recorded.
    return defer(async () => {
      const fingerprint = requestFingerprint(request);
      const outcome = await this.store.claim(
        { businessId: caller.key.businessId, mode: caller.mode, key },
        fingerprint,
      );
      if (outcome.claimed) return this.runAndRecord(outcome.claim, next, response);
      // A key is one key in test and live (spec: "unique across development and production"). A
      // request of the other mode is never answered with this one's result (modes never see each
      // other's data), nor does it wait for it: the key was used, by another request.
      const otherMode = outcome.mode !== caller.mode;
      if (policy.reuse === 'reject') {
        // The spec's table names one answer for a key already used, and a key in flight was used:
        // the route's own code (400 DUPLICATE_TRANSACTION_ERROR), never 409. Only a finished first
        // request has an answer to identify.
        const inFlight = !otherMode && outcome.state === 'in_progress' && !outcome.leaseExpired;
        throw idempotencyKeyAlreadyUsed(
          policy.errorCode,
          otherMode || outcome.state !== 'completed'
            ? undefined
            : originalOf(outcome.response, policy.identifyOriginal),
          inFlight,
        );
      }
      if (otherMode) throw idempotencyKeyUsedInOtherMode();
      if (outcome.fingerprint !== fingerprint) throw idempotencyKeyMismatch();
      if (outcome.state === 'in_progress') throw idempotencyKeyInProgress();
      return replay(outcome.response, response);
    });
  }

  private async runAndRecord(claim: IdempotencyClaim, next: CallHandler, response: Response): Promise<unknown> {
    let value: unknown;
    try {
      const execution = KeyedExecution.of({
        businessId: claim.businessId,
        mode: claim.mode,
        key: claim.key,
        generation: claim.generation,
      });
      value = await runInKeyedExecution(execution, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (error) {
      // Crash tests: the handler's effect is committed, its result not yet recorded.
      failpoint('idempotency.after-handler');
      await this.finish(claim, () => recordError(error));
      throw error;
    }
    failpoint('idempotency.after-handler');
    // A streamed file cannot be stored; the route then behaves as if it had no key.
    await this.finish(claim, () => (value instanceof StreamableFile ? undefined : recordSuccess(response, value)));
    // Crash tests: the result is recorded, the answer never sent.
    failpoint('idempotency.after-record');
    return value;
  }

  /**
   * Records the result, or forgets the claim when there is none worth replaying. A failure to
   * record is logged, not thrown: the handler's effects have happened and its answer is still
   * the truth for this client. The record then stays in flight until its lease expires, after
   * which a retry executes again (the same as after a crash).
   */
  private async finish(claim: IdempotencyClaim, record: () => RecordedResponse | undefined): Promise<void> {
    try {
      const result = record();
      if (!result || isIndeterminate(result.status)) {
        await this.store.release(claim);
      } else if (!(await this.store.complete(claim, result))) {
        this.logger.warn(
          `Idempotency key ${loggable(claim.key)} (${claim.businessId}/${claim.mode}) was taken over before its ` +
            `request finished; result not stored`,
        );
      }
    } catch (error) {
      this.logger.error(
        `Could not record the result of idempotency key ${loggable(claim.key)} (${claim.businessId}/${claim.mode})`,
        error instanceof Error ? error.stack : String(error),
      );
    }
  }
}

/**
 * Sends the stored answer as it was: the status and headers go on the response now, and the
 * body goes back to Nest as if the handler had returned it, so it is serialised the same way
 * (stored errors too: they bypass the exception filter, which already rendered them once).
 */
function replay(recorded: RecordedResponse, response: Response): unknown {
  response.status(recorded.status);
  for (const [name, value] of Object.entries(recorded.headers)) response.setHeader(name, value);
  response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return JSON.parse(recorded.body);
}

/** A key has no length cap (spec: "no maximum"): a log line shows its start. */
function loggable(key: string): string {
  return key.length <= 100 ? key : `${key.slice(0, 100)}… (${key.length} characters)`;
}

/**
 * What identifies the original request's result in a `reject` answer (issue 19, item 14): the
 * listed fields of its stored 2xx body (for a disbursement `id`, `external_id`, `status`), so a
 * merchant who lost the first answer can recover the resource. Nothing when the first result was
 * an error (there is no resource) or its body is not an object.
 */
function originalOf(
  recorded: RecordedResponse,
  fields: readonly string[] | undefined,
): Record<string, unknown> | undefined {
  if (!fields?.length || recorded.status < 200 || recorded.status >= 300) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(recorded.body);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const picked = Object.fromEntries(
    fields.filter((field) => field in body).map((field) => [field, (body as Record<string, unknown>)[field]]),
  );
  return Object.keys(picked).length > 0 ? picked : undefined;
}
