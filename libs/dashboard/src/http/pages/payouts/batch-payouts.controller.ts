import { CreateDisbursementsCommand, disbursementStream } from '@gateway/disbursements';
import { Clock } from '@gateway/clock';
import { ApiError } from '@gateway/http-edge';
import { IdGenerator } from '@gateway/runtime';
import { Get, Header, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { DashboardSession } from '../../../read-models/session-store';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import { BatchPreviewStore } from '../../../read-models/batch-preview.store';
import { DashboardActionRunner, FORM_KEY_FIELD, formKeyField } from '../../kit/action-runner';
import { csvLine } from '../../kit/csv';
import { CsrfAfterUpload, DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { requireCsrf } from '../../kit/dashboard-session.guard';
import { type FormError, formErrorOf } from '../../kit/form-errors';
import { html } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';
import { BATCH_COLUMNS, type BatchPreview, MAX_BATCH_BYTES, previewBatch } from './batch-csv';
import { availableBalance } from './payouts.controller';

const REFERENCE = /^[\x20-\x7e]{1,1000}$/;
/** The confirmation names a file this user previewed within the hour; otherwise it is checked again. */
const previewGone = () =>
  ApiError.validation('The checked file is no longer available: upload it and check it again', [
    {
      field: ['preview'],
      location: 'body',
      messages: ['upload the file again: its preview expired or is unknown'],
      types: ['preview'],
    },
  ]);
const BatchFile = FileInterceptor('file', {
  limits: { fileSize: MAX_BATCH_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
});

/**
 * A batch of disbursements from a CSV file: upload, a preview that checks every row with the
 * API's rules and shows each row's problem before anything is sent, then (only for a file
 * without problems) a confirmation that sends the whole batch with the API's command: all
 * accepted or none, once per form.
 */
@DashboardController('payouts/batch')
export class BatchPayoutsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runner: DashboardActionRunner,
    private readonly freshness: ListsFreshness,
    private readonly ids: IdGenerator,
    private readonly previews: BatchPreviewStore,
    private readonly clock: Clock,
  ) {}

  @Get()
  @RequireCapability('payouts:manage')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendHtml(response, await this.uploadPage(request, dashboardState(request).session));
  }

  @Get('template.csv')
  @RequireCapability('payouts:manage')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="batch-disbursements.csv"')
  template(): string {
    return (
      csvLine([...BATCH_COLUMNS]) +
      csvLine(['payout-001', 'BCA', 'Budi Santoso', '1234567890', 'November salary', 1_500_000])
    );
  }

  /** Reads the file (or pasted text) and shows every row with its problems; sends nothing. */
  @Post('preview')
  @RequireCapability('payouts:manage')
  @CsrfAfterUpload()
  @UseInterceptors(BatchFile)
  async preview(
    @Req() request: Request,
    @Res() response: Response,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<void> {
    const { session } = dashboardState(request);
    requireCsrf(request, session.csrfToken);
    try {
      const reference = this.reference(request);
      const text = file ? file.buffer.toString('utf8') : (field(request, 'csv') ?? '');
      const preview = await previewBatch(text);
      // Only a file that can be sent is kept: its confirmation names it by id.
      const now = await this.clock.now();
      const previewId = preview.valid ? await this.previews.save(this.ownerOf(session), text, now) : undefined;
      sendHtml(response, this.previewPage(request, session, reference, previewId, preview), preview.valid ? 200 : 422);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.uploadPage(request, session, refused), refused.status);
    }
  }

  /** Sends the previewed file the confirmation names, checked again (never trusted because it was once). */
  @Post()
  @RequireCapability('payouts:manage')
  async send(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    try {
      const reference = this.reference(request);
      const previewId = field(request, 'preview') ?? '';
      const text = await this.previews.load(this.ownerOf(session), previewId, await this.clock.now());
      if (text === undefined) throw previewGone();
      const preview = await previewBatch(text);
      if (!preview.valid || field(request, 'confirm') !== 'yes') {
        const status = preview.valid ? 200 : 422;
        sendHtml(response, this.previewPage(request, session, reference, previewId, preview), status);
        return;
      }
      const location = await this.runner.once(request, session, async () => {
        // Inside the form's keyed execution: a re-execution of the same submit names the same batch.
        const batchId = this.ids.uuid().replace(/-/g, '').slice(0, 24);
        const items = preview.rows.map((row) => row.request!);
        const created = await this.commands.execute(
          new CreateDisbursementsCommand(session.businessId, session.mode, items, dashboardContext(request, session), {
            id: batchId,
            reference,
          }),
        );
        await this.freshness.waitFor(...created.map((disbursement) => disbursementStream(disbursement.disbursementId)));
        return `/dashboard/transactions?product=disbursements&q=${encodeURIComponent(batchId)}&notice=batch-created`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.uploadPage(request, session, refused), refused.status);
    }
  }

  private ownerOf(session: DashboardSession) {
    return { businessId: session.businessId, mode: session.mode, userId: session.userId };
  }

  private reference(request: Request): string {
    const reference = field(request, 'reference')?.trim() ?? '';
    if (!REFERENCE.test(reference)) {
      throw ApiError.validation('reference must be 1 to 1000 printable characters', [
        {
          field: ['reference'],
          location: 'body',
          messages: ['reference must be 1 to 1000 printable characters'],
          types: ['reference'],
        },
      ]);
    }
    return reference;
  }

  private async uploadPage(request: Request, session: DashboardSession, error?: FormError): Promise<string> {
    const body = html`${await availableBalance(this.queries, session)}
<form method="post" action="/dashboard/payouts/batch/preview" enctype="multipart/form-data" \
class="card">${csrfField(session)}
  <label for="batch-reference">Batch reference</label><input id="batch-reference" name="reference" type="text" \
maxlength="1000" required value="${field(request, 'reference') ?? ''}">
  <label for="batch-file">CSV file (at most 1,000 rows, 1 MB)</label>\
<input id="batch-file" name="file" type="file" accept=".csv,text/csv" required>
  <p class="muted">Columns, with this header row: <code>${BATCH_COLUMNS.join(',')}</code>. Amounts in whole rupiah. \
<a href="/dashboard/payouts/batch/template.csv" download>Download a template</a>.</p>
  <p><button type="submit" id="preview-batch">Check the file</button></p>
</form>
<p class="muted">Nothing is sent until you have seen every row and confirmed.</p>`;
    return renderPage({
      title: 'Batch disbursement',
      active: 'transactions',
      session,
      body,
      zone: viewerTimeZone(request),
      error: error?.box,
    });
  }

  private previewPage(
    request: Request,
    session: DashboardSession,
    reference: string,
    previewId: string | undefined,
    preview: BatchPreview,
  ): string {
    const problems = preview.rows.filter((row) => row.problems.length > 0).length;
    const body = html`<section class="card" aria-labelledby="preview-h">\
<h2 id="preview-h">${preview.rows.length} disbursements, ${formatMoney(preview.total, 'IDR')}</h2>
${
  preview.valid
    ? html`<p class="notice" id="batch-ok">Every row can be sent.</p>`
    : html`<p class="error" role="alert" id="batch-problems">${problems} of ${preview.rows.length} rows have problems. \
Nothing was sent: fix the file and check it again.</p>`
}
<div class="table-wrap" tabindex="0"><table id="batch-preview"><thead><tr><th scope="col">Line</th>\
<th scope="col">External id</th><th scope="col">Bank</th><th scope="col">Account holder</th>\
<th scope="col">Account number</th><th scope="col">Amount</th><th scope="col">Problems</th></tr></thead>
<tbody>${preview.rows.map(
      (row) => html`<tr data-line="${row.line}"${row.problems.length > 0 ? html` class="preview-error"` : ''}>\
<td>${row.line}</td><td>${row.values.external_id}</td><td>${row.values.bank_code}</td>\
<td>${row.values.account_holder_name}</td><td>${row.values.account_number}</td>
<td>${row.request ? formatMoney(row.request.amount, 'IDR') : row.values.amount}</td><td class="row-error">${
        row.problems.length > 0 ? html`<ul>${row.problems.map((problem) => html`<li>${problem}</li>`)}</ul>` : 'OK'
      }</td></tr>`,
    )}</tbody></table></div>
${
  preview.valid && previewId
    ? html`<form method="post" action="/dashboard/payouts/batch">${csrfField(session)}${formKeyField(
        field(request, FORM_KEY_FIELD) ?? undefined,
      )}
  <input type="hidden" name="reference" value="${reference}"><input type="hidden" name="preview" value="${previewId}">
  <input type="hidden" name="confirm" value="yes">
  ${session.mode === 'live' ? html`<p class="error"><strong>Live mode:</strong> this moves real money.</p>` : ''}
  <button type="submit" class="danger" id="send-batch">Send ${preview.rows.length} disbursements \
(${formatMoney(preview.total, 'IDR')})</button> <a href="/dashboard/payouts/batch">Cancel</a>
</form>`
    : html`<p><a href="/dashboard/payouts/batch">Upload a corrected file</a></p>`
}
</section>`;
    return renderPage({
      title: `Batch ${reference}`,
      active: 'transactions',
      session,
      body,
      zone: viewerTimeZone(request),
    });
  }
}
