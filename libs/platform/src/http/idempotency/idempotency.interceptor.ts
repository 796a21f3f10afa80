import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { gatewayState } from '../caller';
import { idempotencyKeyAlreadyUsed, idempotencyKeyInProgress, idempotencyKeyMismatch } from './idempotency-errors';
import { readIdempotencyKey } from './idempotency-key';
import { DEFAULT_IDEMPOTENCY_POLICY, IDEMPOTENCY_POLICY, type IdempotencyPolicyOptions } from './idempotency-policy.decorator';
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
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { [HANDLED]?: true }>();
    const caller = gatewayState(request).caller;
    // Unauthenticated requests have no business to scope a key to.
    if (!caller || !SCOPED_METHODS.has(request.method) || request[HANDLED]) return next.handle();
    const policy =
      this.reflector.getAllAndOverride<IdempotencyPolicyOptions | undefined>(IDEMPOTENCY_POLICY, [context.getHandler(), context.getClass()]) ??
      DEFAULT_IDEMPOTENCY_POLICY;
    if (policy.reuse === 'off') return next.handle();
    const key = readIdempotencyKey(request);
    if (key === undefined) return next.handle();
    request[HANDLED] = true;

    const response = context.switchToHttp().getResponse<Response>();
    // Deferred: nothing is claimed unless Nest subscribes. Once it has, the async work runs to
    // the end even if the client goes away, so the outcome is always recorded.
    return defer(async () => {
      const fingerprint = requestFingerprint(request);
      const outcome = await this.store.claim({ businessId: caller.key.businessId, mode: caller.mode, key }, fingerprint);
      if (outcome.claimed) return this.runAndRecord(outcome.claim, next, response);
      if (policy.reuse === 'reject') {
        if (outcome.state === 'in_progress') throw idempotencyKeyInProgress();
        throw idempotencyKeyAlreadyUsed(policy.errorCode);
      }
      if (outcome.fingerprint !== fingerprint) throw idempotencyKeyMismatch();
      if (outcome.state === 'in_progress') throw idempotencyKeyInProgress();
      return replay(outcome.response, response);
    });
  }

  private async runAndRecord(claim: IdempotencyClaim, next: CallHandler, response: Response): Promise<unknown> {
    let value: unknown;
    try {
      value = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.finish(claim, () => recordError(error));
      throw error;
    }
    // A streamed file cannot be stored; the route then behaves as if it had no key.
    await this.finish(claim, () => (value instanceof StreamableFile ? undefined : recordSuccess(response, value)));
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
        this.logger.warn(`Idempotency key ${claim.key} (${claim.businessId}/${claim.mode}) was taken over before its request finished; result not stored`);
      }
    } catch (error) {
      this.logger.error(
        `Could not record the result of idempotency key ${claim.key} (${claim.businessId}/${claim.mode})`,
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
