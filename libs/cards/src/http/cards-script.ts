/**
 * The client-side library (spec "Card token and authentication"): loaded by the merchant's page
 * from this gateway, it sends card data from the payer's browser straight to the public-key
 * endpoints, so the merchant's servers never see it. ES5, no dependencies.
 *
 *   <script src="https://gateway.example/js/v1/cards.js"></script>
 *   Xendit.setPublishableKey('xnd_public_development_...');
 *   Xendit.card.createToken({ amount: '10000', card_number: '4000000000000002', card_exp_month: '12',
 *     card_exp_year: '2030', card_cvn: '123' }, function (err, token) { ... });
 *
 * The handler is called with (error, null) or (null, response). A response IN_REVIEW carries
 * `payer_authentication_url`: show it to the payer (iframe or popup); when the payer finishes, the
 * handler is called AGAIN with the same response, now VERIFIED or FAILED. Errors are
 * `{error_code, message}`: the server's codes, or CONNECTION_ERROR (the gateway could not be
 * reached) and TOKENIZATION_ERROR (anything else) raised in the browser.
 */
export const CARDS_SCRIPT =
  String.raw`(function (global) {
  'use strict';
  var current = global.document && global.document.currentScript;
  var gatewayOrigin = current && current.src ? new URL(current.src).origin : global.location.origin;
  var publishableKey = null;

  function failure(code, message) { return { error_code: code, message: message }; }

  function post(path, body, handler, onResponse) {
    if (typeof handler !== 'function') throw new TypeError('A response handler function is required');
    if (!publishableKey) { handler(failure('TOKENIZATION_ERROR', 'Call Xendit.setPublishableKey(publicKey) first'), ` +
  String.raw`null); return; }
    var request;
    try {
      request = global.fetch(gatewayOrigin + path, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', authorization: 'Basic ' + global.btoa(publishableKey + ':') },
        body: JSON.stringify(body)
      });
    } catch (error) {
      handler(failure('TOKENIZATION_ERROR', 'The request could not be built'), null);
      return;
    }
    request.then(function (response) {
      return response.json().then(function (json) {
        if (response.status >= 400 || !json || typeof json !== 'object') {
          var error = failure(json && json.error_code ? json.error_code : 'TOKENIZATION_ERROR', ` +
  String.raw`json && json.message ? json.message : 'Tokenization failed');
          if (json && json.errors) error.errors = json.errors;
          handler(error, null);
          return;
        }
        onResponse(json);
      }, function () { handler(failure('TOKENIZATION_ERROR', 'The gateway answered something that is not JSON'), ` +
  String.raw`null); });
    }, function () {
      handler(failure('CONNECTION_ERROR', 'The payment gateway could not be reached'), null);
    });
  }

  // The 3DS page posts {type: 'gateway.3ds', authentication_id, status, failure_reason} when the payer is done.
  function followAuthentication(response, authenticationId, handler) {
    if (response.status !== 'IN_REVIEW' || !authenticationId) return;
    function listener(event) {
      var data = event.data;
      if (event.origin !== gatewayOrigin || !data || data.type !== 'gateway.3ds' || data.authentication_id !== ` +
  String.raw`authenticationId) return;
      global.removeEventListener('message', listener);
      var updated = {};
      for (var field in response) if (Object.prototype.hasOwnProperty.call(response, ` +
  String.raw`field) && field !== 'payer_authentication_url') updated[field] = response[field];
      updated.status = data.status;
      if (data.failure_reason) updated.failure_reason = data.failure_reason;
      handler(null, updated);
    }
    global.addEventListener('message', listener);
  }

  function text(value) { return value === undefined || value === null ? undefined : String(value); }

  function createToken(data, handler) {
    data = data || {};
    var isMultipleUse = data.is_multiple_use === true;
    var body = {
      is_single_use: !isMultipleUse,
      card_data: { account_number: text(data.card_number), exp_month: text(data.card_exp_month), ` +
  String.raw`exp_year: text(data.card_exp_year) },
      should_authenticate: data.should_authenticate !== false
    };
    if (data.amount !== undefined && data.amount !== null && data.amount !== '') body.amount = text(data.amount);
    // The CVN is only used for single-use tokens (spec).
    if (!isMultipleUse && data.card_cvn !== undefined && data.card_cvn !== null && data.card_cvn !== '') ` +
  String.raw`body.card_cvn = text(data.card_cvn);
    post('/v2/credit_card_tokens', body, handler, function (response) {
      handler(null, response);
      followAuthentication(response, response.authentication_id, handler);
    });
  }

  function createAuthentication(data, handler) {
    data = data || {};
    if (!data.token_id) { if (typeof handler === 'function') handler(failure('TOKENIZATION_ERROR', ` +
  String.raw`'token_id is required'), null); else throw new TypeError('A response handler function is required'); ` +
  String.raw`return; }
    post('/credit_card_tokens/' + encodeURIComponent(String(data.token_id)) + '/authentications', { ` +
  String.raw`amount: text(data.amount) }, handler, function (response) {
      handler(null, response);
      followAuthentication(response, response.id, handler);
    });
  }

  var card = { createToken: createToken, createAuthentication: createAuthentication };
  global.Xendit = {
    setPublishableKey: function (key) { publishableKey = key; },
    card: card,
    createToken: createToken,
    createAuthentication: createAuthentication
  };
})(window);
`;
