/**
 * A versioned schema change. Each component (the event store, a context's read models, ...)
 * owns an ordered list; the migrator applies what is missing, in order, once.
 */
export interface Migration {
  /** Monotonic within its component, e.g. 1, 2, 3. */
  version: number;
  name: string;
  sql: string;
}

export interface MigrationSet {
  /** Owner of the tables, e.g. `event-store`, `platform`, `accounts`. */
  component: string;
  migrations: Migration[];
}
