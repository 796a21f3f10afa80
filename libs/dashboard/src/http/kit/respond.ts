import type { Request, Response } from 'express';

export function sendHtml(response: Response, body: string, status = 200): void {
  response.status(status).type('html').send(body);
}

/** What a redirect after a change may say: fixed texts, so a link cannot make the page say anything else. */
export const NOTICES = {
  'mode-test': 'Switched to test mode.',
  'mode-live': 'Switched to live mode. Changes now affect real money.',
  'settings-saved': 'Settings saved.',
  'key-revoked': 'The API key is revoked.',
  'versions-saved': 'API versions saved.',
  'url-saved': 'Callback URL saved.',
  'test-sent': 'Test callback requested; it appears in the delivery log in a moment.',
  'resent': 'Resend requested.',
  'resent-failed': 'Failed deliveries resent.',
  'report-requested': 'Report requested; it is generated in the background.',
  'topped-up': 'Balance topped up.',
  'clock-advanced': 'Test clock advanced.',
  'role-changed': 'Role changed.',
  'user-removed': 'User removed.',
} as const;
export type NoticeCode = keyof typeof NOTICES;

export function noticeOf(request: Request): string | undefined {
  const code = request.query.notice;
  return typeof code === 'string' && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : undefined;
}

/** After a change: back to a page (POST/redirect/GET) with a notice. */
export function redirectTo(response: Response, path: string, notice?: NoticeCode): void {
  response.redirect(303, notice ? `${path}${path.includes('?') ? '&' : '?'}notice=${notice}` : path);
}

/** Minor units with thousands separators; exact for any bigint. */
export function formatMinor(value: bigint | number): string {
  const text = BigInt(value).toString();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
