import { randomUUID } from 'node:crypto';

/** The Id port: domain code receives ids on commands instead of generating them. */
export abstract class IdGenerator {
  abstract uuid(): string;
  /** A resource id with the spec's prefix style, e.g. `cust-<uuid>` or `report_<uuid>`. */
  prefixed(prefix: string): string {
    return `${prefix}${this.uuid()}`;
  }
}

export class RandomIdGenerator extends IdGenerator {
  uuid(): string {
    return randomUUID();
  }
}
