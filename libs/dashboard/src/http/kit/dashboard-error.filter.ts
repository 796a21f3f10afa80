import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { gatewayState, toApiError } from '@gateway/http-edge';
import type { Request, Response } from 'express';
import { AccountSetupRequired, SignInRequired } from './dashboard-errors';
import { setDashboardHeaders } from './security-headers';
import { html } from './html';
import { renderBarePage } from './layout';

/** Dashboard errors as HTML pages (the API's filter answers JSON); no session sends to sign-in. */
@Catch()
export class DashboardErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    setDashboardHeaders(response);
    if (exception instanceof SignInRequired) {
      response.redirect(303, '/dashboard/sign-in');
      return;
    }
    if (exception instanceof AccountSetupRequired) {
      response.redirect(303, '/dashboard/account');
      return;
    }
    const error = toApiError(exception);
    if (error.status >= 500)
      this.logger.error(
        `Dashboard error (request ${gatewayState(request).requestId})`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    const message = error.status >= 500 ? 'Something went wrong on our side. Try again in a moment.' : error.message;
    const details = error.errors?.flatMap((issue) => issue.messages) ?? [];
    response
      .status(error.status)
      .type('html')
      .send(
        renderBarePage(
          error.status === 403 ? 'Not allowed' : error.status === 404 ? 'Not found' : 'Something is not right',
          html`<p class="error" role="alert">${message}</p>
  ${details.length > 0 ? html`<ul>${details.map((detail) => html`<li>${detail}</li>`)}</ul>` : ''}
  <p class="muted">Error code ${error.code} · request ${gatewayState(request).requestId}</p>
  <p><a href="/dashboard/overview">Back to the dashboard</a></p>`,
        ),
      );
  }
}
