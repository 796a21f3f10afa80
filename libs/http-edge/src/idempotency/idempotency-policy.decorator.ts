import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENCY_POLICY = 'gateway:idempotency-policy';

/**
 * What a reused key gets once the first request has finished:
 * - `replay` (default): the stored status and body again, with `Idempotent-Replayed: true`;
 * - `reject`: 400 with the route's own `errorCode`, for routes whose spec names one
 *   (`DUPLICATE_TRANSACTION_ERROR` for disbursements: "the idempotency key was already used").
 *   Any reuse of the key gets it, whatever its parameters; with `identifyOriginal`, it also
 *   carries those fields of the first answer (when that was a 2xx of the same mode).
 * - `off`: the route ignores `x-idempotency-key` altogether.
 * A key still in flight gets 409 IDEMPOTENCY_KEY_IN_PROGRESS_ERROR under `replay`, and the route's
 * `errorCode` under `reject` (the key was used: the spec's table has no other answer for it).
 */
export type IdempotencyPolicyOptions =
  | { reuse: 'replay' }
  | {
      reuse: 'reject';
      errorCode: string;
      /**
       * Fields of the first request's 2xx answer that the rejection carries next to
       * `error_code` and `message`, so the merchant can recover what the key made (spec: the
       * code "also identifies a replayed response"; issue 19, item 14).
       */
      identifyOriginal?: readonly string[];
    }
  | { reuse: 'off' };

export const DEFAULT_IDEMPOTENCY_POLICY: IdempotencyPolicyOptions = { reuse: 'replay' };

/** On a handler or a controller (the handler's wins). */
export const IdempotencyPolicy = (policy: IdempotencyPolicyOptions) => SetMetadata(IDEMPOTENCY_POLICY, policy);

/** Opts a route out: it runs every time, key or not. */
export const SkipIdempotency = () => IdempotencyPolicy({ reuse: 'off' });
