import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { KIND_TITLES } from '../../read-models/list-kinds';
import type { DashboardSession } from '../../read-models/session-store';
import { pageNotFound } from '../kit/dashboard-errors';
import type { SafeHtml } from '../kit/html';
import { viewerTimeZone } from '../kit/viewer-time';
import { ResourceDetailView } from './resource-detail.view';
import { TRANSACTION_SOURCES, type TransactionSource } from './transaction-source';

/**
 * A transaction's page: its fields, what can be done with it (for the roles that may), and its
 * event history. Also what an action answers when it is refused: the same page with the problem.
 */
@Injectable()
export class TransactionDetailView {
  constructor(
    @Inject(TRANSACTION_SOURCES) private readonly sources: TransactionSource[],
    private readonly frame: ResourceDetailView,
  ) {}

  async render(
    request: Request,
    session: DashboardSession,
    sourceId: string,
    id: string,
    error?: SafeHtml,
  ): Promise<string> {
    const source = this.sources.find((candidate) => candidate.id === sourceId);
    if (!source || id.length > 128) throw pageNotFound('This transaction');
    const detail = await source.detail(
      { businessId: session.businessId, mode: session.mode, session, zone: viewerTimeZone(request) },
      id,
    );
    if (!detail) throw pageNotFound('This transaction');
    return this.frame.render(
      request,
      session,
      {
        title: `${KIND_TITLES[source.id]} ${id}`,
        active: 'transactions',
        fields: detail.fields,
        sections: detail.sections,
        history: detail.history,
        back: { href: '/dashboard/transactions', label: 'Back to transactions' },
      },
      error,
    );
  }
}
