/** The document's `info.description`: what holds for every operation (Markdown). */
export const API_INTRODUCTION = `
An event-sourced payment gateway compatible with the legacy Xendit API: merchant code written for
the public \`xendit-node\` 1.22.0 client works against this base URL. This document is generated
from the gateway's code (routes, validation rules, permissions, versions, error registry) and every
end-to-end test checks the requests and responses it exchanges against it.

**Authentication.** HTTP Basic with the secret API key as the user name and an empty password
(\`curl -u sk_test_...: http://localhost:3000/settings\`). The key decides the business, the mode
(test or live: test and live data never mix) and the permissions (each operation names the one it
needs). Card tokenization alone takes the public key. Platform accounts act for a sub-account with
\`for-user-id\`.

**Errors.** \`{"error_code": "...", "message": "..."}\`, plus \`errors\` (field, location, messages,
types) for \`API_VALIDATION_ERROR\`. Decide on \`error_code\`; messages may change. Each operation lists
the codes it can answer, per status.

**Requests.** JSON bodies (\`application/json\`; form bodies are accepted too), UTF-8, at most
\`BODY_LIMIT\` (1 MB by default). Fields an operation does not know are ignored. Amounts are JSON
numbers in the currency's major units with no more decimals than the currency has (IDR: whole
rupiah). Times are ISO 8601 in UTC, of the years 1 to 9999. \`null\` on a field whose schema does not
list null is the field left out (the public client sends some unset fields so); where a schema lists
null (settings and customer updates) it removes the value.

**Idempotency.** POST and PATCH take \`x-idempotency-key\`: a retry with the same key and body gets
the first answer again (\`Idempotent-Replayed: true\`). Disbursements refuse any reuse with
\`DUPLICATE_TRANSACTION_ERROR\`. Keys are kept at least 24 hours.

**Versions.** Versioned resources (customers, eWallets, card refunds) take \`API-Version\` (or
\`X-API-VERSION\`); without it the account's default for the key's mode applies
(\`PATCH /settings\` \`api_versions\`). Callbacks render with the account's version.

**Every response** carries \`Request-ID\`; authenticated ones carry \`Rate-Limit-Limit\`,
\`Rate-Limit-Remaining\` and \`Rate-Limit-Reset\` (429 \`RATE_LIMIT_EXCEEDED\` past the limit).

**Callbacks** (the \`webhooks\` of this document) are POSTed to the URL set per kind, signed with
Standard Webhooks headers and \`x-callback-token\`.

**Test mode** simulates the payment networks: the simulation endpoints (marked test mode only)
pay virtual accounts, payment codes and invoices; magic amounts and test cards decide outcomes.
`.trim();
