import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import {
  DISBURSEMENT_FINAL_EVENT_TYPES,
  type DisbursementCompleted,
  type DisbursementFailed,
} from '../domain/disbursement.events';
import { renderDisbursementCallbackFromEvent } from './disbursement.response';

/** Spec: "Disbursement update — the disbursement reaches COMPLETED or FAILED". */
@RendersCallbacks()
@Injectable()
export class DisbursementCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = DISBURSEMENT_FINAL_EVENT_TYPES;

  render(event: RecordedEvent): CallbackMessage[] {
    const ending = event as unknown as DisbursementCompleted | DisbursementFailed;
    return [
      {
        kind: 'disbursement',
        resourceId: ending.data.disbursementId,
        body: renderDisbursementCallbackFromEvent(ending),
      },
    ];
  }
}
