import { randomUUID } from 'node:crypto';
import { currentKeyedExecution } from './keyed-execution';

/** The Id port: domain code receives ids on commands instead of generating them. */
export abstract class IdGenerator {
  abstract uuid(): string;
  /** A resource id with the spec's prefix style, e.g. `cust-<uuid>` or `report_<uuid>`. */
  prefixed(prefix: string): string {
    return `${prefix}${this.uuid()}`;
  }
}

/**
 * Random ids, except inside a keyed execution (a request with an idempotency key), where the
 * n-th id is derived from the key: a re-execution of the request after a crash mints the same
 * resource ids and so meets what its first execution committed (docs/reliability.md).
 */
export class RandomIdGenerator extends IdGenerator {
  uuid(): string {
    return currentKeyedExecution()?.nextUuid() ?? randomUUID();
  }
}
