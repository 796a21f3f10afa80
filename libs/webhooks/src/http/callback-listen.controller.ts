import { GetCallbackEndpointQuery } from '@gateway/accounts';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CurrentCaller, exemptFromRequestLog, RequirePermissions } from '@gateway/http-edge';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { callbackHeaders } from '../delivery/callback-headers';
import { type ListenMessage, ListenStream } from '../read-models/listen-stream';
import { CallbackListenQueryDto, MAX_LISTEN_WAIT_SECONDS } from './callback-listen.request.dto';
import { CALLBACK_LISTEN_SCHEMA } from './callback-listen.response';
import { WebhookErrors } from '../domain/webhook.errors';

/**
 * What `cli listen` polls: the caller's test-mode callbacks, each with the headers to forward it
 * with (signed now with the business's listen secret, plus its callback token), so the CLI on a
 * developer's machine can post them to a local URL. The gateway itself never connects to that
 * URL: no private-target switch, no change to the callback URLs. Live mode is refused.
 */
@ApiTag('Callbacks')
@Controller('callback_listen')
export class CallbackListenController {
  constructor(
    private readonly stream: ListenStream,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiDoc({
    summary: "Stream the business's test-mode callbacks (what `cli listen` polls)",
    description: [
      'Long poll. The first call (no `after`) starts the stream now and names the signing secret; ' +
        'each later call passes the previous `next_cursor` as `after`',
      `and waits up to \`wait\` seconds (at most ${MAX_LISTEN_WAIT_SECONDS}) for the next callbacks. While someone ` +
        `polls (at least once a minute), every`,
      'test-mode callback of the business is kept here for an hour, rendered once like a delivery, ' +
        'whether or not a callback URL is set. Each comes',
      'with the headers to forward it with: `webhook-signature` signed now with the listen signing secret (the same ' +
        'on every call), and the callback token.',
      "The gateway never connects to the forwarding target: the CLI does, from the developer's machine.",
    ].join(' '),
    operationId: 'listenToCallbacks',
    response: CALLBACK_LISTEN_SCHEMA,
    errors: ['TEST_MODE_ONLY_ERROR'],
    testModeOnly: true,
  })
  @RequirePermissions('settings:read')
  async poll(@CurrentCaller() caller: Caller, @Query() query: CallbackListenQueryDto, @Req() request: Request) {
    // The CLI polls continually (every 10 s when idle): tooling, not the merchant's integration traffic.
    exemptFromRequestLog(request);
    if (caller.mode !== 'test') throw WebhookErrors.listenTestModeOnly();
    const gone = new AbortController();
    request.res?.once('close', () => gone.abort());
    const batch = await this.stream.poll(caller.businessId, {
      after: query.after,
      waitMs: (query.wait ?? 0) * 1000,
      kinds: query.events,
      signal: gone.signal,
    });
    const [secret, endpoint] = await Promise.all([
      this.stream.secretOf(caller.businessId),
      // The callback token is per business and mode: any kind's endpoint carries it.
      this.queries.execute(new GetCallbackEndpointQuery(caller.businessId, 'test', 'invoice')),
    ]);
    const sentAt = new Date();
    return {
      business_id: caller.businessId,
      signing_secret: secret,
      data: batch.messages.map((message) =>
        listenMessageToWire(
          message,
          callbackHeaders(
            {
              id: message.id,
              payload: message.payload,
              signingSecret: secret,
              callbackToken: endpoint.callbackToken,
              userAgent: 'payment-gateway-listen/1',
            },
            sentAt,
          ),
        ),
      ),
      next_cursor: batch.nextCursor,
    };
  }
}

function listenMessageToWire(message: ListenMessage, headers: Record<string, string>) {
  return {
    id: message.id,
    cursor: message.cursor,
    callback_type: message.kind,
    event_type: message.eventType,
    resource_id: message.resourceId,
    created: message.occurredAt.toISOString(),
    headers,
    body: message.payload,
  };
}
