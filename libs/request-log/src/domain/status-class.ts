/** The status classes the request log filters by (`4xx`: every client error). */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Inclusive status bounds of a class: `4xx` is 400..499. */
export function statusRangeOf(statusClass: StatusClass): { min: number; max: number } {
  const hundreds = Number(statusClass[0]) * 100;
  return { min: hundreds, max: hundreds + 99 };
}
