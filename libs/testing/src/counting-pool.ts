import type { Pool } from 'pg';

/** A real pool whose `query` calls are counted: for specs that pin how many statements a component sends. */
export interface CountingPool {
  pool: Pool;
  /** Statements sent through `pool` since the last `reset`. */
  readonly statements: number;
  reset(): void;
}

/**
 * Wraps `pool` (a pass-through: every statement still runs on the real database) and counts its
 * `query` calls. Other pool methods (connect, end) are not counted.
 */
export function countingPool(pool: Pool): CountingPool {
  let statements = 0;
  const counted = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (...args: unknown[]) => {
        statements += 1;
        return (target.query as (...queryArgs: unknown[]) => unknown)(...args);
      };
    },
  });
  return {
    pool: counted,
    get statements() {
      return statements;
    },
    reset() {
      statements = 0;
    },
  };
}
