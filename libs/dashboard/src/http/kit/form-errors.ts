import { ApiError, createValidationPipe, toApiError } from '@gateway/http-edge';
import type { Type } from '@nestjs/common';
import { html, type SafeHtml } from './html';

/** What a form sent back with its input shows: the message, each field's problem, the error code. */
export interface FormError {
  status: number;
  code: string;
  box: SafeHtml;
}

/** A refusal (4xx) as a form error; anything else (a 5xx, a bug) is undefined and goes to the error page. */
export function formErrorOf(error: unknown): FormError | undefined {
  const answer = toApiError(error);
  if (answer.status >= 500) return undefined;
  const issues = (answer.errors ?? []).filter((issue) => issue.messages.length > 0);
  const box = html`<div class="error" role="alert" id="form-error">
  <p><strong>${answer.message}</strong></p>
  ${
    issues.length > 0
      ? html`<ul>${issues.map(
          (issue) =>
            html`<li>${issue.field.length > 0 ? html`<code>${issue.field.join('.')}</code>: ` : ''}\
${issue.messages.join('; ')}</li>`,
        )}</ul>`
      : ''
  }
  <p class="muted">Error code ${answer.code}</p>
</div>`;
  return { status: answer.status, code: answer.code, box };
}

/**
 * A form's values through the API's own request DTO and validation pipe: the same rules, the
 * same messages and field names as the API route that takes them.
 */
export async function validateAs<T extends object>(
  dto: Type<T>,
  plain: Record<string, unknown>,
  formNames: Record<string, string> = {},
): Promise<T> {
  try {
    return (await createValidationPipe().transform(plain, { type: 'body', metatype: dto, data: '' })) as T;
  } catch (error) {
    // The form's own field names where they differ from the API's (`amount` for `transfer_amount`).
    if (!(error instanceof ApiError) || !error.errors) throw error;
    const renamed = error.errors.map((issue) => ({
      ...issue,
      field:
        issue.field.length > 0 && formNames[issue.field[0]]
          ? [formNames[issue.field[0]], ...issue.field.slice(1)]
          : issue.field,
    }));
    const message = Object.entries(formNames).reduce((text, [api, form]) => text.split(api).join(form), error.message);
    throw ApiError.validation(message, renamed);
  }
}

/**
 * A form's amount: digits become a number (the DTO's money rule then decides); anything else stays text and is refused
 * by the DTO.
 */
export function numberField(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** A text field: trimmed, empty is absent. */
export function textField(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
