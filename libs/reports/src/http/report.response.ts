import { documentCallback, namedSchema, schema } from '@gateway/http-edge';
import { REPORT_FORMATS, REPORT_TYPES } from '../domain/report.events';

/** The report (spec "Report"), as `GET /reports/{id}` and the `report` callback show it (`ReportWire`). */
export const REPORT_SCHEMA = namedSchema(
  'Report',
  schema.object(
    {
      id: schema.string(),
      type: schema.oneOfStrings(REPORT_TYPES),
      status: schema.oneOfStrings(['PENDING', 'COMPLETED', 'FAILED']),
      filter: schema.object({ from: schema.dateTime('Start (inclusive)'), to: schema.dateTime('End (exclusive)') }),
      format: schema.oneOfStrings(REPORT_FORMATS),
      url: schema.string('COMPLETED: a signed link to the file, valid 24 hours, that needs no API key', {
        format: 'uri',
      }),
      currency: schema.string(),
      business_id: schema.string(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
    },
    { optional: ['url'] },
  ),
);

documentCallback({
  kind: 'report',
  tag: 'Reports',
  summary: 'Report generated or failed',
  description: 'Sent when a report is COMPLETED (with its download `url`) or FAILED.',
  body: REPORT_SCHEMA,
});
