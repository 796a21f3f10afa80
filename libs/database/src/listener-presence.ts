import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

/** How long an answer to "does anyone else listen?" is trusted before it is asked again. */
export const LISTENER_PRESENCE_TRUSTED_MS = 1000;

/**
 * The `application_name` of a LISTEN connection: the channel and an instance id, so other
 * processes can see in pg_stat_activity who listens (PostgreSQL has no view of a channel's
 * listeners). Within 63 bytes for every channel name of the gateway.
 */
export function listenerApplicationName(channel: string, instanceId = randomBytes(8).toString('hex')): string {
  return `listen ${channel} ${instanceId}`;
}

/**
 * Whether a LISTEN connection other than `ownName` is on the channel in this database, asked at
 * most once per `LISTENER_PRESENCE_TRUSTED_MS` (true when it cannot tell). A NOTIFY costs a round
 * trip, or inside a transaction the notification queue's lock at commit, plus a wake-up of every
 * listening backend; a process with nobody else to tell can skip it. A listener that connects is
 * therefore told only up to that long later: listeners catch up when they connect and poll, which
 * covers the gap (see the users of this class).
 */
export class ListenerPresence {
  private known?: { answer: boolean; askedAt: number };
  /** The question in flight: callers meanwhile (a worker's runners, all at once) share it. */
  private asking?: Promise<boolean>;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
    /** This instance's own listener on the channel, if it has one: it needs no notification. */
    private readonly ownName?: string,
  ) {}

  othersListen(): Promise<boolean> {
    const known = this.known;
    if (known && Date.now() - known.askedAt < LISTENER_PRESENCE_TRUSTED_MS) return Promise.resolve(known.answer);
    this.asking ??= this.ask().finally(() => (this.asking = undefined));
    return this.asking;
  }

  private async ask(): Promise<boolean> {
    let answer: boolean;
    try {
      const { rows } = await this.pool.query<{ listening: boolean }>({
        name: 'listeners_on_channel',
        text: `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                 WHERE datname = current_database() AND starts_with(application_name, $1)
                   AND application_name IS DISTINCT FROM $2) AS listening`,
        values: [`listen ${this.channel} `, this.ownName ?? null],
      });
      answer = rows[0].listening;
    } catch {
      answer = true;
    }
    this.known = { answer, askedAt: Date.now() };
    return answer;
  }
}
