import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

/** How long an answer to "does anyone else listen?" is trusted before it is asked again. */
export const LISTENER_PRESENCE_TRUSTED_MS = 1000;

/** PostgreSQL keeps 63 bytes of an application_name (NAMEDATALEN - 1). */
const APPLICATION_NAME_BYTES = 63;

/** `listen <instance> `: how a process's LISTEN connection's application_name starts. */
export function listenerIdentity(instanceId: string): string {
  return `listen ${instanceId} `;
}

/**
 * A channel's mark in an application_name: three hex digits of its hash between dots. Two
 * channels may share a mark (one in 4,096): a listener on one then looks like a listener on the
 * other too, which costs a NOTIFY nobody needed, never a missed one.
 */
export function channelMark(channel: string): string {
  return `.${createHash('sha256').update(channel).digest('hex').slice(0, 3)}.`;
}

/**
 * The `application_name` of a process's LISTEN connection: its identity and a mark per channel
 * it listens on (`listen 9f0c2a7d41be .a3f.07c.`), so other processes can see in
 * pg_stat_activity who listens where (PostgreSQL has no view of other sessions' channels). Marks
 * that would not fit end in `*`: such a connection counts as listening on every channel.
 */
export function listenerApplicationName(identity: string, channels: readonly string[]): string {
  let name = identity;
  for (const mark of [...new Set(channels.map(channelMark))].sort()) {
    const next = name.endsWith('.') ? `${name}${mark.slice(1)}` : `${name}${mark}`;
    if (next.length > APPLICATION_NAME_BYTES - 1) return `${name}*`;
    name = next;
  }
  return name;
}

/**
 * Whether a LISTEN connection of another process is on the channel in this database, asked at
 * most once per `LISTENER_PRESENCE_TRUSTED_MS` (true when it cannot tell). A NOTIFY costs a round
 * trip, or inside a transaction the notification queue's lock at commit, plus a wake-up of every
 * listening backend; a process with nobody else to tell can skip it. A listener that connects is
 * therefore told only up to that long later: listeners catch up when they connect and poll, which
 * covers the gap (see the users of this class). Connections named one per channel
 * (`listen <channel> <instance>`, builds before 2026-11-29) count too, so a rolling upgrade keeps
 * telling the processes not yet replaced.
 */
/** The asker's own listener on the channel (a `PgListener`). */
export interface OwnListener {
  /** How its process's LISTEN connection's application_name starts (`listenerIdentity`). */
  readonly identity: string;
  /** Whether another listener of the same channel shares its process's connection. */
  hasNeighbours(): boolean;
}

export class ListenerPresence {
  private known?: { answer: boolean; askedAt: number };
  /** The question in flight: callers meanwhile (a worker's runners, all at once) share it. */
  private asking?: Promise<boolean>;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
    /**
     * The asker's own listener, if it has one: it needs no notification, but another listener on
     * its process's connection (another store or runner of the same pool) does.
     */
    private readonly own?: OwnListener,
  ) {}

  othersListen(): Promise<boolean> {
    if (this.own?.hasNeighbours()) return Promise.resolve(true);
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
                 WHERE datname = current_database()
                   AND (   starts_with(application_name, $1)
                        OR (starts_with(application_name, 'listen ')
                            AND (strpos(application_name, $2) > 0 OR application_name LIKE '%*')))
                   AND ($3::text IS NULL OR NOT starts_with(application_name, $3))) AS listening`,
        values: [`listen ${this.channel} `, channelMark(this.channel), this.own?.identity ?? null],
      });
      answer = rows[0].listening;
    } catch {
      answer = true;
    }
    this.known = { answer, askedAt: Date.now() };
    return answer;
  }
}
