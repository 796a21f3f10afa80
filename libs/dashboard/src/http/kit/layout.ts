import type { DashboardSession } from '../../read-models/session-store';
import { roleCan } from '../../domain/roles';
import { html, type SafeHtml } from './html';
import { dashboardPages } from './page-registry';

export interface PageOptions {
  title: string;
  /** Registry id of the page, to mark it in the navigation. */
  active?: string;
  session: DashboardSession;
  body: SafeHtml;
  notice?: string;
  /** The viewer's time zone the page's times are rendered in (the script corrects them when the browser's differs). */
  zone?: string;
  /** An error to show above the page's content (a form sent back with its input). */
  error?: SafeHtml;
  /** More same-origin scripts of this page (the finance charts). */
  scripts?: string[];
}

export function csrfField(session: Pick<DashboardSession, 'csrfToken'>): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${session.csrfToken}">`;
}

function head(title: string, zone = 'UTC', scripts: string[] = []): SafeHtml {
  return html`<!doctype html>
<html lang="en" data-tz="${zone}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Gateway dashboard</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
${scripts.map((src) => html`<script src="${src}" defer></script>`)}
</head>`;
}

/** The frame of every signed-in page: skip link, navigation for the role, the mode switch, sign-out. */
export function renderPage(options: PageOptions): string {
  const { session } = options;
  const live = session.mode === 'live';
  const nav = dashboardPages().filter(
    (page) => (!page.capability || roleCan(session.role, page.capability)) && (!page.testModeOnly || !live),
  );
  return html`${head(options.title, options.zone, options.scripts)}
<body class="${live ? 'mode-live' : 'mode-test'}">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <div class="brand">Gateway <span class="mode-badge" aria-label="Current mode">${live ? 'LIVE' : 'TEST'}</span></div>
  <form method="post" action="/dashboard/mode" class="mode-switch">
    ${csrfField(session)}
    <input type="hidden" name="mode" value="${live ? 'test' : 'live'}">
    <button type="submit">Switch to ${live ? 'test' : 'live'} mode</button>
  </form>
  <form method="post" action="/dashboard/sign-out" class="sign-out">
    ${csrfField(session)}
    <span class="who">${session.email} (${session.role})</span>
    <button type="submit">Sign out</button>
  </form>
</header>
<nav aria-label="Dashboard">
  <ul>
    ${nav.map(
      (page) =>
        html`<li><a href="${page.path}"${page.id === options.active ? html` aria-current="page"` : ''}>\
${page.title}</a></li>`,
    )}
  </ul>
</nav>
<main id="main">
  <h1>${options.title}</h1>
  ${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ''}
  ${options.error ?? ''}
  ${options.body}
  <p id="copy-status" class="visually-hidden" role="status" aria-live="polite"></p>
</main>
</body>
</html>`.value;
}

/** Pages outside a session: sign-in and errors. */
export function renderBarePage(title: string, body: SafeHtml): string {
  return html`${head(title)}
<body class="bare">
<main id="main">
  <h1>${title}</h1>
  ${body}
</main>
</body>
</html>`.value;
}
