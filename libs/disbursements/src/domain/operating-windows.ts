/**
 * When the (simulated) rail executes a transfer, in Asia/Jakarta time (UTC+7, no daylight
 * saving): instant transfers 08:00–22:00 every day; T+1 transfers are triggered 08:00–15:00
 * Monday to Friday. A request outside its window waits for the next opening. Public holidays
 * are not modelled.
 */
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

interface Window {
  opensAtHour: number;
  closesAtHour: number;
  weekdaysOnly: boolean;
}

export const INSTANT_WINDOW: Window = { opensAtHour: 8, closesAtHour: 22, weekdaysOnly: false };
export const T_PLUS_ONE_WINDOW: Window = { opensAtHour: 8, closesAtHour: 15, weekdaysOnly: true };

/** `now` when inside the window, else the next opening. */
export function nextExecutionTime(now: Date, isInstant: boolean): Date {
  const window = isInstant ? INSTANT_WINDOW : T_PLUS_ONE_WINDOW;
  // Jakarta wall-clock time, read with the UTC getters.
  const local = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let day = 0; day <= 7; day += 1) {
    const start = dayStart + day * DAY_MS;
    const weekday = new Date(start).getUTCDay();
    if (window.weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    const opens = start + window.opensAtHour * 3_600_000;
    const closes = start + window.closesAtHour * 3_600_000;
    if (local.getTime() >= closes) continue;
    return new Date(Math.max(opens, local.getTime()) - JAKARTA_OFFSET_MS);
  }
  throw new Error('unreachable: every week has an opening');
}
