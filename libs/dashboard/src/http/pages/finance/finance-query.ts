import { ApiError } from '@gateway/http-edge';
import type { Request } from 'express';
import { queryField } from '../../kit/dashboard-request';
import { localDay, nextDay, startOfLocalDay } from '../../kit/viewer-time';

/** The finance page's period: calendar days in the viewer's zone, at most a year. */
export interface FinanceQuery {
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  days: string[];
  currency: string;
  currencies: string[];
}

const DEFAULT_DAYS = 14;
const MAX_DAYS = 366;

/** `from`/`to` as typed (else the last 14 days to today, business time), and the currency. */
export function parseFinanceQuery(
  request: Request | undefined,
  zone: string,
  now: Date,
  currencies: string[],
): FinanceQuery {
  const today = localDay(now, zone);
  let fromDay = request ? queryField(request, 'from')?.trim() || '' : '';
  const toDay = (request ? queryField(request, 'to')?.trim() : '') || today;
  if (!fromDay) {
    fromDay = toDay;
    for (let index = 1; index < DEFAULT_DAYS; index += 1) fromDay = previousDay(fromDay);
  }
  const currencyText = (request ? queryField(request, 'currency')?.trim().toUpperCase() : '') || 'IDR';
  const from = startOfLocalDay(fromDay, zone);
  const toStart = startOfLocalDay(toDay, zone);
  const problems: string[] = [];
  if (!from) problems.push('from must be a date (YYYY-MM-DD)');
  if (!toStart) problems.push('to must be a date (YYYY-MM-DD)');
  if (!/^[A-Z]{3}$/.test(currencyText)) problems.push('currency must be an ISO 4217 code such as IDR');
  const days: string[] = [];
  if (from && toStart) {
    for (let day = fromDay; day <= toDay && days.length <= MAX_DAYS; day = nextDay(day)) days.push(day);
    if (fromDay > toDay) problems.push('from must not be after to');
    if (days.length > MAX_DAYS) problems.push(`the period is at most ${MAX_DAYS} days`);
  }
  if (problems.length > 0) {
    throw ApiError.validation(
      `The period is not valid: ${problems.join('; ')}`,
      problems.map((message) => ({
        field: [message.split(' ')[0]],
        location: 'query',
        messages: [message],
        types: ['invalid'],
      })),
    );
  }
  return {
    fromDay,
    toDay,
    from: from!,
    to: startOfLocalDay(nextDay(toDay), zone)!,
    days,
    currency: currencyText,
    currencies: currencies.includes(currencyText) ? currencies : [...currencies, currencyText],
  };
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
