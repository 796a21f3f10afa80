import { Clock } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { DashboardSession } from '../../../read-models/session-store';
import { field } from '../../kit/dashboard-request';
import { formErrorOf } from '../../kit/form-errors';
import { noticeOf, sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';
import { renderTestTools, type TestToolForm, type TestToolsState } from './test-tools.page';

/**
 * The test tools page, and what every one of its forms answers: a redirect, or the page again with the input and the
 * problem.
 */
@Injectable()
export class TestToolsView {
  constructor(private readonly clock: Clock) {}

  async render(request: Request, session: DashboardSession, state: TestToolsState): Promise<string> {
    const now = await this.clock.now({ businessId: session.businessId, mode: 'test' });
    return renderTestTools(session, now, viewerTimeZone(request), state, noticeOf(request));
  }

  async answer(
    request: Request,
    response: Response,
    session: DashboardSession,
    form: TestToolForm,
    names: string[],
    work: () => Promise<string>,
  ): Promise<void> {
    try {
      response.redirect(303, await work());
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      const values = Object.fromEntries(names.map((name) => [name, field(request, name)?.slice(0, 64) ?? '']));
      sendHtml(response, await this.render(request, session, { form, values, error: refused }), refused.status);
    }
  }
}
