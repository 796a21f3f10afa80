import type { CallbackKind } from '@gateway/accounts';
import type { RecordedEvent } from '@gateway/event-store';
import { Injectable } from '@nestjs/common';
import type { CallbackTestRequested } from '../domain/callback-test.events';
import { type CallbackMessage, type CallbackRenderer, type RenderContext, RendersCallbacks } from './callback-renderer';

/** The sample callback: says plainly that it is a test, so no receiver mistakes it for money. */
@RendersCallbacks()
@Injectable()
export class TestCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = ['CallbackTestRequested'];

  render(event: RecordedEvent, context: RenderContext): CallbackMessage[] {
    const { testId, kind, requestedAt } = event.data as CallbackTestRequested['data'];
    return [
      {
        kind: kind as CallbackKind,
        resourceId: testId,
        body: {
          event: 'callback.test',
          id: testId,
          callback_type: kind,
          business_id: context.businessId,
          environment: context.mode === 'live' ? 'LIVE' : 'TEST',
          message: 'This is a test callback. It carries no payment.',
          created: requestedAt,
        },
      },
    ];
  }
}
