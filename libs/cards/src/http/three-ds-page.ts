import type { PayerBranding } from '@gateway/accounts';
import { PAYER_PAGE_HEAD_START } from '@gateway/http-edge';
import type { AuthenticationView } from '../application/card-views';

/** Everything interpolated into the page goes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element (no `</script>`, no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function formatAmount(amount: number): string {
  return `IDR ${amount.toLocaleString('en-US')}`;
}

/**
 * The simulated issuer's 3-D Secure page the payer sees (in the merchant's iframe or a popup).
 * While IN_REVIEW it offers to complete or fail the challenge (any code passes in test mode; the
 * failing test cards fail whatever is entered). Once the authentication is over it tells the page
 * that opened it (cards.js) with postMessage: ids and the status only, nothing about the card, and
 * only to `embedderOrigin` (the origin that asked for the authentication, from the URL's `origin`),
 * else to the gateway's own origin (its invoice page); never to `*` (issue 19, item 10).
 */
export function renderThreeDsPage(
  view: AuthenticationView,
  nonce: string,
  embedderOrigin?: string,
  branding?: PayerBranding,
  notice?: string,
): string {
  const color = branding?.color ?? '#2459d6';
  const onColor = branding?.onColor ?? '#FFFFFF';
  const waitsForever = view.status === 'IN_REVIEW' && view.threeDsProfile === 'CHALLENGE_TIMES_OUT';
  const body =
    view.status === 'IN_REVIEW'
      ? waitsForever
        ? `<p id="waiting" role="status">Waiting for your bank&hellip; this page refreshes by itself.</p>`
        : `${notice ? `<p class="notice" id="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
    <form method="post" id="challenge">
      <label for="code">The one-time code your bank sent you (by text message or in its app)</label>
      <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="64">
      <div class="actions">
        <button type="submit" name="action" value="complete" id="complete">Complete authentication</button>
        <button type="submit" name="action" value="fail" id="fail" class="secondary">Fail authentication</button>
      </div>
      ${view.mode === 'test' ? '<p class="hint">Test mode: any code completes the check.</p>' : ''}
    </form>`
      : `<p id="result" data-status="${escapeHtml(view.status)}" role="status">${
          view.status === 'VERIFIED'
            ? `Your bank confirmed the payment. You can return to ${escapeHtml(branding?.name ?? 'the shop')}.`
            : `Your bank did not confirm the payment. Return to ${escapeHtml(branding?.name ?? 'the shop')} to try ` +
              `again or pay another way.`
        }</p>`;
  const message =
    view.status === 'IN_REVIEW'
      ? ''
      : `<script nonce="${escapeHtml(nonce)}">
  (function () {
    var message = ${scriptJson({
      type: 'gateway.3ds',
      authentication_id: view.authenticationId,
      credit_card_token_id: view.tokenId,
      status: view.status,
      ...(view.status === 'FAILED' && { failure_reason: view.failureReason ?? 'AUTHENTICATION_FAILED' }),
    })};
    var target = ${scriptJson(embedderOrigin ?? null)} || window.location.origin;
    if (window.parent && window.parent !== window) window.parent.postMessage(message, target);
    if (window.opener) window.opener.postMessage(message, target);
  })();
</script>`;
  return threeDsDocument({
    title: 'Card authentication',
    head: `${waitsForever ? '<meta http-equiv="refresh" content="5">' : ''}\n`,
    style:
      `  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { color: #5c6578; }
  input { width: 100%; padding: .5rem; margin: .5rem 0 1rem; box-sizing: border-box; font-size: 1rem; }
  .actions { display: flex; gap: .5rem; }
  button { padding: .6rem 1rem; font-size: 1rem; border: 0; border-radius: 4px; background: ${color}; ` +
      `color: ${onColor}; cursor: pointer; }
  .merchant { display: flex; align-items: center; gap: .5rem; background: ${color}; color: ${onColor}; ` +
      `margin: -1.5rem -1.5rem 1rem; padding: .75rem 1.5rem; border-radius: 8px 8px 0 0; font-weight: 700; ` +
      `overflow-wrap: anywhere; }
  .merchant img { max-height: 32px; max-width: 100px; background: #fff; border-radius: 4px; padding: 2px; }
  button.secondary { background: #e3e6ec; color: #1d2433; }
  .hint, .issuer { color: #5c6578; font-size: .875rem; }
  .notice { background: #fff4d6; padding: .5rem; border-radius: 4px; }
`,
    main: `  ${
      branding
        ? `<div class="merchant" id="merchant">` +
          `${branding.logoUrl ? `<img src="${escapeHtml(branding.logoUrl)}" alt="">` : ''}<span>` +
          `${escapeHtml(branding.name)}</span></div>`
        : ''
    }
  <p class="issuer">3-D Secure${view.mode === 'test' ? ' &middot; test-mode issuer simulation' : ''}</p>
  <h1>Verify your card payment</h1>
  <dl>
    <dt>Card</dt><dd id="card">${escapeHtml(view.maskedCardNumber)}</dd>
    ${branding ? `<dt>To</dt><dd>${escapeHtml(branding.name)}</dd>` : ''}
    <dt>Amount</dt><dd id="amount">${escapeHtml(formatAmount(view.amount))}</dd>
  </dl>
  ${body}`,
    after: `${message}\n`,
  });
}

/**
 * An authentication link that names none (mistyped, truncated, made up): a page for the payer, not JSON (issue 19, item
 * 9).
 */
export function renderThreeDsNotFoundPage(): string {
  return threeDsDocument({
    title: 'Card authentication not found',
    main: `  <h1 id="not-found">Card authentication not found</h1>
  <p>This authentication link is not valid. Return to the shop and start the payment again.</p>`,
  });
}

/**
 * The frame both pages share: the document's head, the base style (page, panel, heading) and the
 * panel the content sits in. `head` and `style` add to the shared ones; `after` follows the panel.
 */
function threeDsDocument(page: { title: string; head?: string; style?: string; main: string; after?: string }): string {
  return (
    `${PAYER_PAGE_HEAD_START}
${page.head ?? ''}<title>${page.title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; ` +
    `box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
${page.style ?? ''}</style>
</head>
<body>
<main>
${page.main}
</main>
${page.after ?? ''}</body>
</html>`
  );
}
