import { withPooledClient } from '@gateway/database';
import type { Pool, PoolClient } from 'pg';

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`: the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The node and every node under it. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * Rows the plan read from `relation`: returned plus filtered out, over every loop. What a "does not
 * grow with the backlog" test counts: unlike time, it does not depend on the machine.
 */
export function rowsReadFrom(plan: PlanNode, relation: string): number {
  return planNodes(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce(
      (sum, node) =>
        sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
      0,
    );
}

/**
 * Runs `sql` as a prepared statement (one generic plan, as gateway sessions force) with `values`,
 * under `EXPLAIN ANALYZE`, inside a transaction rolled back afterwards; `inspect` sees the plan and,
 * on the same client, what the statement did before it is undone.
 *
 * With `afterPlanning`, the statement is executed once first (a gateway session keeps the generic
 * plan it made then) and `afterPlanning` changes the tables before the explained run: a plan made
 * on an empty table must stay cheap when a backlog arrives before the statistics catch up.
 */
export async function explainPrepared(
  pool: Pool,
  statement: { sql: string; parameterTypes: string[]; values: string[] },
  inspect: (plan: PlanNode, client: PoolClient) => Promise<void>,
  afterPlanning?: (client: PoolClient) => Promise<void>,
): Promise<void> {
  await withPooledClient(pool, async (client) => {
    // PREPARE outlives the transaction: the name is dropped afterwards, so the pooled session can explain again.
    let prepared = false;
    try {
      await client.query('BEGIN');
      await client.query(`PREPARE explained(${statement.parameterTypes.join(', ')}) AS ${statement.sql}`);
      prepared = true;
      const execute = `EXECUTE explained(${statement.values.join(', ')})`;
      if (afterPlanning) {
        await client.query(execute);
        await afterPlanning(client);
      }
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${execute}`);
      await inspect((rows[0]['QUERY PLAN'][0] as { Plan: PlanNode }).Plan, client);
    } finally {
      await client.query('ROLLBACK');
      if (prepared) await client.query('DEALLOCATE explained');
    }
  });
}
