import { Get, Injectable, Param, Post, Req, Res } from '@nestjs/common';
import { type Command, CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { roleCan } from '../../../domain/roles';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import type { DashboardSession } from '../../../read-models/session-store';
import { DashboardActionRunner } from '../../kit/action-runner';
import { RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { type FormError, formErrorOf } from '../../kit/form-errors';
import type { SafeHtml } from '../../kit/html';
import { renderPage } from '../../kit/layout';
import { sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';
import type { ListDefinition } from '../lists/list-definition';
import { ListView } from '../lists/list-view';
import { type ResourceDetail, ResourceDetailView } from '../resource-detail.view';

/** What the pages read of any fixed instrument (a VA, a payment code). */
export interface InstrumentView {
  status: string;
  origin: { kind: string };
}

/** Who is looking, in which time zone: what a kind's parts render with. */
export interface InstrumentPageViewer {
  request: Request;
  session: DashboardSession;
  zone: string;
}

/**
 * What differs between the fixed VA pages and the payment code pages: their list, forms, fields
 * and commands. The routes, the once-per-form runner, the waits and the refusals are shared.
 */
export interface InstrumentPageKind<S extends InstrumentView> {
  /** Path segment under /dashboard, and the layout's active item. */
  id: string;
  list: ListDefinition;
  /** The list's link to the create form (for who may manage payments). */
  createLink: SafeHtml;
  externalIdPrefix: string;
  /** The create form's fields, echoed back when the API refuses it. */
  formFields: readonly string[];
  notices: { created: string; updated: string };
  /** The page-not-found's subject ("This virtual account"). */
  subject: string;
  idOf(instrument: S): string;
  streamOf(id: string): string;
  /** The instrument of this business and mode, if any. */
  find(queries: QueryBus, session: DashboardSession, id: string): Promise<S | undefined>;
  /** The API's create command, from the form validated by its request DTO. */
  createCommand(viewer: InstrumentPageViewer): Promise<Command<S>>;
  /** The API's update command, from the form validated by its request DTO. */
  updateCommand(viewer: InstrumentPageViewer, instrument: S): Promise<Command<S>>;
  createPage: { title: string; form(session: DashboardSession, values: Record<string, string>): SafeHtml };
  /** The detail page: its fields, payments and (when it may change) the update form. */
  detail(viewer: InstrumentPageViewer, instrument: S): Omit<ResourceDetail, 'active'>;
}

/** What every instrument page needs from the dashboard: the buses, the list and detail frames, the runner. */
@Injectable()
export class InstrumentPageTools {
  constructor(
    readonly commands: CommandBus,
    readonly queries: QueryBus,
    readonly lists: ListView,
    readonly frame: ResourceDetailView,
    readonly runner: DashboardActionRunner,
    readonly freshness: ListsFreshness,
  ) {}
}

function viewerOf(request: Request): InstrumentPageViewer {
  return { request, session: dashboardState(request).session, zone: viewerTimeZone(request) };
}

/**
 * A fixed instrument's pages: the list, a page per instrument with its payments and history, and
 * the API's commands to create and update one, validated by their request DTOs, once per form.
 * Each kind's controller is this class with its kind (and its own `@DashboardController` path).
 */
export abstract class InstrumentPagesController<S extends InstrumentView> {
  protected constructor(
    private readonly kind: InstrumentPageKind<S>,
    private readonly tools: InstrumentPageTools,
  ) {}

  @Get()
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const create = roleCan(session.role, 'payments:manage') ? this.kind.createLink : undefined;
    const { status, page } = await this.tools.lists.render(this.kind.list, request, session, create);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.tools.lists.export(this.kind.list, request, response, dashboardState(request).session);
  }

  @Get('new')
  @RequireCapability('payments:manage')
  newPage(@Req() request: Request, @Res() response: Response): void {
    const externalId = `${this.kind.externalIdPrefix}-${randomUUID().slice(0, 8)}`;
    sendHtml(response, this.createPage(viewerOf(request), { external_id: externalId }));
  }

  @Post()
  @RequireCapability('payments:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const viewer = viewerOf(request);
    try {
      const command = await this.kind.createCommand(viewer);
      const location = await this.tools.runner.once(request, viewer.session, async () => {
        const id = this.kind.idOf(await this.tools.commands.execute(command));
        await this.tools.freshness.waitFor(this.kind.streamOf(id));
        return `/dashboard/${this.kind.id}/${id}?notice=${this.kind.notices.created}`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      const echoed = (name: string) => field(request, name)?.slice(0, 1000) ?? '';
      const values = Object.fromEntries(this.kind.formFields.map((name) => [name, echoed(name)]));
      sendHtml(response, this.createPage(viewer, values, refused), refused.status);
    }
  }

  @Get(':id')
  async detail(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const viewer = viewerOf(request);
    sendHtml(response, await this.renderDetail(viewer, await this.instrumentOf(viewer.session, id)));
  }

  @Post(':id')
  @RequireCapability('payments:manage')
  async update(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const viewer = viewerOf(request);
    const instrument = await this.instrumentOf(viewer.session, id);
    try {
      const command = await this.kind.updateCommand(viewer, instrument);
      const location = await this.tools.runner.once(request, viewer.session, async () => {
        await this.tools.commands.execute(command);
        await this.tools.freshness.waitFor(this.kind.streamOf(this.kind.idOf(instrument)));
        return `/dashboard/${this.kind.id}/${this.kind.idOf(instrument)}?notice=${this.kind.notices.updated}`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.renderDetail(viewer, instrument, refused.box), refused.status);
    }
  }

  /** A fixed instrument of this business and mode (an invoice's own are the invoice's). */
  private async instrumentOf(session: DashboardSession, id: string): Promise<S> {
    const instrument = /^[0-9a-f]{24}$/.test(id) ? await this.kind.find(this.tools.queries, session, id) : undefined;
    if (!instrument || instrument.origin.kind !== 'fixed') throw pageNotFound(this.kind.subject);
    return instrument;
  }

  private renderDetail(viewer: InstrumentPageViewer, instrument: S, error?: SafeHtml): Promise<string> {
    const detail = { ...this.kind.detail(viewer, instrument), active: this.kind.id };
    return this.tools.frame.render(viewer.request, viewer.session, detail, error);
  }

  private createPage(viewer: InstrumentPageViewer, values: Record<string, string>, error?: FormError): string {
    const page = this.kind.createPage;
    const { session, zone } = viewer;
    return renderPage({
      title: page.title,
      active: this.kind.id,
      session,
      body: page.form(session, values),
      zone,
      error: error?.box,
    });
  }
}

/** Context for a kind's commands: who, as the dashboard acts. */
export function instrumentCommandContext(viewer: InstrumentPageViewer) {
  return dashboardContext(viewer.request, viewer.session);
}
