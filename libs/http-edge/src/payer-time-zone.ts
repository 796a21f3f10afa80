/**
 * Deadlines on the pages payers see (invoice, eWallet checkout, 3DS) are shown in the payer's own
 * time zone (issue 21). The invoice page's script stores the browser's IANA zone in this cookie;
 * pages without a script (the eWallet checkout) read it to render the deadline server-side.
 * Without it, the gateway's home zone (Asia/Jakarta, WIB), said so on the page.
 */
export const PAYER_TIME_ZONE_COOKIE = 'gw_payer_tz';
export const DEFAULT_PAYER_TIME_ZONE = 'Asia/Jakarta';

export interface PayerTimeZone {
  zone: string;
  /** True when the zone came from the payer's browser. */
  fromBrowser: boolean;
}

function isZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The payer's zone from the request's Cookie header. */
export function payerTimeZoneOf(cookieHeader: string | string[] | undefined): PayerTimeZone {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join(';') : cookieHeader;
  for (const part of header?.split(';') ?? []) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== PAYER_TIME_ZONE_COOKIE) continue;
    try {
      const zone = decodeURIComponent(rest.join('='));
      if (isZone(zone)) return { zone, fromBrowser: true };
    } catch {
      // a malformed cookie counts as none
    }
  }
  return { zone: DEFAULT_PAYER_TIME_ZONE, fromBrowser: false };
}

/** `Fri 27 Nov 2026, 18:58 GMT+7`: a deadline as the payer reads it. */
export function formatPayerTime(instant: string | Date, zone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/**
 * The script every payer page with a deadline may carry (inline, under the page's CSP nonce):
 * rewrites `<time data-payer-time>` into the browser's zone and stores that zone for the pages
 * that have no script. Same format as `formatPayerTime`.
 */
export const PAYER_TIME_SCRIPT =
  `(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone) return;
  document.cookie = '${PAYER_TIME_ZONE_COOKIE}=' + encodeURIComponent(zone) + '; path=/; max-age=31536000; ` +
  `samesite=lax';
  var format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', ` +
  `year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  var times = document.querySelectorAll('time[data-payer-time]');
  for (var i = 0; i < times.length; i++) {
    var when = new Date(times[i].getAttribute('datetime'));
    if (!isNaN(when.getTime())) { times[i].textContent = format.format(when); times[i].setAttribute('data-zone', ` +
  `zone); }
  }
  var notes = document.querySelectorAll('[data-zone-note]');
  for (var j = 0; j < notes.length; j++) notes[j].textContent = 'your local time';
})();`;
