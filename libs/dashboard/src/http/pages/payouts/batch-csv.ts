import { CreateDisbursementRequestDto, type DisbursementRequest, toDisbursementRequest } from '@gateway/disbursements';
import { ApiError } from '@gateway/http-edge';
import { parse } from 'csv-parse/sync';
import { numberField, textField, validateAs } from '../../kit/form-errors';

/** The columns of a batch file, in this order, with this header row (a template is offered for download). */
export const BATCH_COLUMNS = [
  'external_id',
  'bank_code',
  'account_holder_name',
  'account_number',
  'description',
  'amount',
] as const;
/** As `POST /batch_disbursements` allows. */
export const MAX_BATCH_ROWS = 1000;
export const MAX_BATCH_BYTES = 1024 * 1024;

export interface BatchRow {
  /** Line of the file (the header is line 1). */
  line: number;
  values: Record<(typeof BATCH_COLUMNS)[number], string>;
  /** What is wrong with the row, in the API's words; empty when it can be sent. */
  problems: string[];
  request?: DisbursementRequest;
}

export interface BatchPreview {
  rows: BatchRow[];
  total: number;
  valid: boolean;
}

/**
 * A batch file, checked row by row with `POST /disbursements`'s DTO (the API's rules and
 * messages) before anything is sent: every row's problem is shown, and a batch with any problem
 * is never sent. A file that is not CSV, has the wrong header or too many rows is refused whole.
 * External ids must also be unique within the file (the API would refuse the second).
 */
export async function previewBatch(text: string): Promise<BatchPreview> {
  if (text.includes('\u0000')) throw refused('The file contains NUL characters: it is not a CSV text file');
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      max_record_size: 20_000,
    });
  } catch (error) {
    throw refused(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...lines] = records;
  if (!header || header.map((name) => name.toLowerCase()).join(',') !== BATCH_COLUMNS.join(',')) {
    throw refused(`The first row must be the header ${BATCH_COLUMNS.join(',')}`);
  }
  if (lines.length === 0) throw refused('The file has a header but no disbursements');
  if (lines.length > MAX_BATCH_ROWS)
    throw refused(`A batch holds at most ${MAX_BATCH_ROWS} disbursements; this file has ${lines.length}`);
  const seen = new Map<string, number>();
  const rows: BatchRow[] = [];
  for (const [index, record] of lines.entries()) {
    const values = Object.fromEntries(
      BATCH_COLUMNS.map((column, at) => [column, record[at] ?? '']),
    ) as BatchRow['values'];
    const problems: string[] = [];
    if (record.length !== BATCH_COLUMNS.length)
      problems.push(`expected ${BATCH_COLUMNS.length} columns, found ${record.length}`);
    let request: DisbursementRequest | undefined;
    try {
      const dto = await validateAs(CreateDisbursementRequestDto, {
        external_id: textField(values.external_id),
        bank_code: textField(values.bank_code),
        account_holder_name: textField(values.account_holder_name),
        account_number: textField(values.account_number),
        description: textField(values.description),
        amount: numberField(values.amount),
      });
      request = toDisbursementRequest(dto);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push(...(error.errors ?? []).flatMap((issue) => issue.messages));
    }
    const earlier = seen.get(values.external_id);
    if (values.external_id && earlier !== undefined)
      problems.push(`external_id ${values.external_id} is also on line ${earlier}`);
    else seen.set(values.external_id, index + 2);
    rows.push({ line: index + 2, values, problems, ...(problems.length === 0 && request && { request }) });
  }
  const valid = rows.every((row) => row.problems.length === 0);
  return { rows, total: rows.reduce((sum, row) => sum + (row.request?.amount ?? 0), 0), valid };
}

function refused(message: string): ApiError {
  return ApiError.validation(message, [
    { field: ['file'], location: 'body', messages: [message], types: ['batchFile'] },
  ]);
}
