import type { Request, Response } from 'express';
import type { DashboardSession } from '../../read-models/session-store';
import { html, type SafeHtml } from './html';
import { csrfField, type PageOptions, renderPage } from './layout';
import { sendHtml } from './respond';
import { viewerTimeZone } from './viewer-time';

export interface Confirmation {
  session: DashboardSession;
  /** Where the confirmed form posts (the same route, now with `confirm=yes`). */
  action: string;
  /** What will happen, in the viewer's words. */
  summary: [string, string | SafeHtml][];
  /** Every field of the form as sent (its key included), carried to the confirmed request unchanged. */
  fields: Record<string, string>;
  confirmLabel: string;
  cancelHref: string;
  /** Money leaves or a resource ends: the button says so in red. */
  danger?: boolean;
  warning?: string;
}

/**
 * The step between a money-moving form and the action (no script: a page of its own). It shows
 * what will happen and carries the form's fields, its key included, so the confirmed request is
 * the same request (and a double click on Confirm still acts once).
 */
export function confirmationBody(confirmation: Confirmation): SafeHtml {
  return html`<section class="card confirm" aria-labelledby="confirm-h">
  <h2 id="confirm-h">Check and confirm</h2>
  ${
    confirmation.session.mode === 'live'
      ? html`<p class="error"><strong>Live mode:</strong> this moves real money.</p>`
      : html`<p class="muted">Test mode: no real money moves.</p>`
  }
  ${confirmation.warning ? html`<p>${confirmation.warning}</p>` : ''}
  <dl class="summary">${confirmation.summary.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
  <form method="post" action="${confirmation.action}">${csrfField(confirmation.session)}
    ${Object.entries(confirmation.fields)
      .filter(([name]) => name !== '_csrf' && name !== 'confirm')
      .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <input type="hidden" name="confirm" value="yes">
    <button type="submit" id="confirm-action"${confirmation.danger ? html` class="danger"` : ''}>\
${confirmation.confirmLabel}</button>
    <a href="${confirmation.cancelHref}" class="button-link">Cancel</a>
  </form>
</section>`;
}

/** A confirmation step and the page it stands on. */
export type ConfirmationPage = Confirmation & Pick<PageOptions, 'title' | 'active'>;

/** Answers a form with its confirmation step: a page of its own, times in the viewer's zone. */
export function sendConfirmationPage(request: Request, response: Response, page: ConfirmationPage): void {
  const { title, active, session } = page;
  const body = confirmationBody(page);
  sendHtml(response, renderPage({ title, active, session, body, zone: viewerTimeZone(request) }));
}

/** A form's string fields, as sent (for the confirmation page to carry them). */
export function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
