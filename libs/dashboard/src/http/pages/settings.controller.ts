import {
  GetSettingsQuery,
  settingsToWire,
  toSettingsChanges,
  UpdateSettingsCommand,
  UpdateSettingsRequestDto,
} from '@gateway/accounts';
import { invalidRequest } from '@gateway/domain';
import { Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import { roleCan } from '../../domain/roles';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';

registerDashboardPage({ id: 'settings', title: 'Settings', path: '/dashboard/settings', order: 60 });

function jsonField(request: Request, name: string): unknown {
  const text = field(request, name)?.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest(`${name} must be JSON`);
  }
}

/** The settings API's fields; only admins change them (the same validation as PATCH /settings). */
/** The settings' wire form (settingsToWire), as far as this page reads it. */
interface SettingsWire {
  [name: string]: unknown;
  default_disbursement_description: string | null;
  retail_payment_code_prefix: string | null;
  enabled_payment_channels: string[] | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  brand_color: string | null;
}

@DashboardController('settings')
export class SettingsPageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const view = await this.queries.execute(new GetSettingsQuery(session.businessId, session.mode));
    const wire = settingsToWire(view?.settings ?? {}) as SettingsWire;
    const editable = roleCan(session.role, 'settings:write');
    const disabled = editable ? '' : html` disabled`;
    const checkbox = (name: string, label: string) =>
      html`<p><label><input type="checkbox" name="${name}" value="on"${wire[name] ? html` checked` : ''}${disabled}> \
${label}</label></p>`;
    const body = html`${editable ? '' : html`<p class="muted">Read-only: only an admin can change settings.</p>`}
<form method="post" action="/dashboard/settings" class="card">${csrfField(session)}
  ${checkbox('optional_authentication', 'Optional 3DS authentication')}
  ${checkbox('fraud_detection', 'Fraud detection')}
  <label for="default_disbursement_description">Default disbursement description</label>
  <input id="default_disbursement_description" name="default_disbursement_description" type="text" maxlength="255" \
value="${wire.default_disbursement_description ?? ''}"${disabled}>
  <label for="retail_payment_code_prefix">Payment-code prefix</label>
  <input id="retail_payment_code_prefix" name="retail_payment_code_prefix" type="text" maxlength="6" value="${
    wire.retail_payment_code_prefix ?? ''
  }"${disabled}>
  <label for="enabled_payment_channels">Payment channels on (comma-separated codes; empty: all)</label>
  <input id="enabled_payment_channels" name="enabled_payment_channels" type="text" value="${(
    wire.enabled_payment_channels ?? []
  ).join(', ')}"${disabled}>
  <label for="virtual_account_ranges">VA ranges per bank (JSON)</label>
  <textarea id="virtual_account_ranges" name="virtual_account_ranges" rows="3"${disabled}>${JSON.stringify(
    wire.virtual_account_ranges,
  )}</textarea>
  <label for="fee_schedule">Fee schedule per channel (JSON: flat, basis_points)</label>
  <textarea id="fee_schedule" name="fee_schedule" rows="3"${disabled}>${JSON.stringify(wire.fee_schedule)}</textarea>
  <fieldset><legend>What payers see on the invoice page, the eWallet checkout and the card check</legend>
  <label for="brand_name">Name (empty: the business name)</label>
  <input id="brand_name" name="brand_name" type="text" maxlength="100" value="${wire.brand_name ?? ''}"${disabled}>
  <label for="brand_logo_url">Logo address (https; http in test mode)</label>
  <input id="brand_logo_url" name="brand_logo_url" type="url" maxlength="2048" value="${
    wire.brand_logo_url ?? ''
  }"${disabled}>
  <label for="brand_color">Colour</label>
  <input id="brand_color" name="brand_color" type="color" value="${(
    wire.brand_color ?? '#1F4E8C'
  ).toLowerCase()}"${disabled}>
  </fieldset>
  ${editable ? html`<p><button type="submit">Save settings</button></p>` : ''}
</form>`;
    sendHtml(response, renderPage({ title: 'Settings', active: 'settings', session, body, notice: noticeOf(request) }));
  }

  @Post()
  @RequireCapability('settings:write')
  async save(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const text = (name: string) => field(request, name)?.trim() || null;
    const channels = text('enabled_payment_channels');
    const plain = {
      optional_authentication: field(request, 'optional_authentication') === 'on',
      fraud_detection: field(request, 'fraud_detection') === 'on',
      default_disbursement_description: text('default_disbursement_description'),
      retail_payment_code_prefix: text('retail_payment_code_prefix'),
      enabled_payment_channels: channels
        ? channels
            .split(',')
            .map((code) => code.trim())
            .filter(Boolean)
        : null,
      virtual_account_ranges: jsonField(request, 'virtual_account_ranges'),
      fee_schedule: jsonField(request, 'fee_schedule'),
      brand_name: text('brand_name'),
      brand_logo_url: text('brand_logo_url'),
      brand_color: text('brand_color'),
    };
    const dto = plainToInstance(UpdateSettingsRequestDto, plain);
    const problems = await validate(dto, { whitelist: true, forbidUnknownValues: false });
    if (problems.length > 0) {
      const messages = problems.flatMap((problem) => [
        ...Object.values(problem.constraints ?? {}),
        ...(problem.children?.length ? [`${problem.property} is invalid`] : []),
      ]);
      throw invalidRequest(`Settings not saved: ${messages.join('; ')}`);
    }
    await this.commands.execute(
      new UpdateSettingsCommand(
        session.businessId,
        session.mode,
        toSettingsChanges(dto),
        dashboardContext(request, session),
      ),
    );
    redirectTo(response, '/dashboard/settings', 'settings-saved');
  }
}
