import type { Request, Response } from 'express';
import type { SafeHtml } from './html';
import { renderBarePage } from './layout';

export function sendHtml(response: Response, body: string, status = 200): void {
  response.status(status).type('html').send(body);
}

/** A page outside the signed-in frame (sign-in, password reset): see renderBarePage. */
export function sendBarePage(response: Response, title: string, body: SafeHtml, status = 200): void {
  sendHtml(response, renderBarePage(title, body), status);
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
  resent: 'Resend requested.',
  'resent-failed': 'Failed deliveries resent.',
  'report-requested': 'Report requested; it is generated in the background.',
  'topped-up': 'Balance topped up.',
  'clock-advanced': 'Test clock advanced.',
  'role-changed': 'Role changed.',
  'user-removed': 'User removed.',
  'refund-requested': 'Refund requested; its outcome shows below and in the history.',
  'invoice-created': 'Invoice created. Copy its link and send it to the payer.',
  'invoice-expired': 'Invoice expired: it can no longer be paid.',
  'disbursement-created': 'Disbursement created; the bank transfer follows.',
  'batch-created': 'Batch created: every disbursement in it is on its way.',
  'plan-paused': 'Recurring plan paused: no invoice is issued until you resume it.',
  'plan-resumed': 'Recurring plan resumed.',
  'plan-stopped': 'Recurring plan stopped. It cannot be restarted.',
  'va-created': 'Fixed virtual account created.',
  'va-updated': 'Fixed virtual account updated.',
  'code-created': 'Payment code created.',
  'code-updated': 'Payment code updated.',
  'test-payment': 'Test payment completed.',
  'password-changed': 'Password changed. Other sessions were signed out.',
  'two-factor-on': 'Two-step sign-in is on.',
  'two-factor-off': 'Two-step sign-in is off.',
  'team-two-factor': 'Team sign-in rule saved.',
  'two-factor-reset': 'Two-step sign-in reset: the user signs in with the password and sets it up again.',
  'reconcile-started':
    'Reconciliation started: it replays the event log, so it takes a while. The result appears below when it finishes.',
} as const;
export type NoticeCode = keyof typeof NOTICES;

export function noticeOf(request: Request): string | undefined {
  const code = request.query.notice;
  return typeof code === 'string' && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : undefined;
}

/** A page path with a notice in its query (before any #fragment: a notice in the fragment never reaches the server). */
export function withNotice(path: string, notice?: NoticeCode): string {
  if (!notice) return path;
  const hash = path.indexOf('#');
  const [base, fragment] = hash >= 0 ? [path.slice(0, hash), path.slice(hash)] : [path, ''];
  return `${base}${base.includes('?') ? '&' : '?'}notice=${notice}${fragment}`;
}

/** After a change: back to a page (POST/redirect/GET) with a notice. */
export function redirectTo(response: Response, path: string, notice?: NoticeCode): void {
  response.redirect(303, withNotice(path, notice));
}
