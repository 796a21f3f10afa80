import type { Request } from 'express';
import { html, type SafeHtml } from './html';

/**
 * The viewer's time zone: the dashboard's script (assets/dashboard.js) stores the browser's IANA
 * zone in this cookie, so that the server renders times, reads date filters and groups days in
 * it. Without the cookie (no script yet, a plain HTTP client) everything is UTC.
 */
export const TIME_ZONE_COOKIE = 'gw_tz';
export const UTC = 'UTC';

const validZones = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  let valid = validZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (validZones.size < 1000) validZones.set(zone, valid);
  }
  return valid;
}

export function viewerTimeZone(request: Request): string {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return UTC;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TIME_ZONE_COOKIE) continue;
    let zone: string;
    try {
      zone = decodeURIComponent(rest.join('='));
    } catch {
      return UTC;
    }
    return isTimeZone(zone) ? zone : UTC;
  }
  return UTC;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `22 Nov 2026, 17:05:09 GMT+7` in the zone. */
export function formatInstant(instant: Date | string, zone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return formatIn(zone).format(date);
}

/** `2026-11-22 10:05:09 UTC`: what the hover title and the CSV show next to the local time. */
export function formatUtc(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return `${date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '')} UTC`;
}

/** A time in the viewer's zone, the UTC instant on hover (title) and in `datetime`. */
export function timeHtml(instant: Date | string | undefined | null, zone: string): SafeHtml {
  if (!instant) return html`<span class="muted">—</span>`;
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  return html`<time datetime="${iso}" title="${formatUtc(iso)}">${formatInstant(iso, zone)}</time>`;
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour') % 24,
    value('minute'),
    value('second'),
  );
  return asUtc - (instant - (instant % 1000));
}

/** The instant a local calendar day (`YYYY-MM-DD`) starts in the zone; undefined for a malformed day. */
export function startOfLocalDay(day: string, zone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const naive = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(naive) || new Date(naive).toISOString().slice(0, 10) !== day) return undefined;
  // Two passes settle a day that starts near a DST change.
  let instant = naive - zoneOffsetMs(naive, zone);
  instant = naive - zoneOffsetMs(instant, zone);
  return new Date(instant);
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in the zone. */
export function localDay(instant: Date, zone: string): string {
  return new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), zone)).toISOString().slice(0, 10);
}

/** The next calendar day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A `datetime-local` value (`2026-11-30T17:00`) in the zone as an instant; undefined when malformed. */
export function localDateTimeToInstant(value: string, zone: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const day = startOfLocalDay(match[1], zone);
  if (!day || Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return undefined;
  const naive = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}.000Z`);
  let instant = naive - zoneOffsetMs(naive, zone);
  instant = naive - zoneOffsetMs(instant, zone);
  return new Date(instant);
}

/** An instant as a `datetime-local` value in the zone (minutes). */
export function instantToLocalDateTime(instant: Date | string, zone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Date(date.getTime() + zoneOffsetMs(date.getTime(), zone)).toISOString().slice(0, 16);
}
