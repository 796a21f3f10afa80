import type { NextFunction, Request, Response } from 'express';
import { gatewayState } from '../caller';
import { clientRequestId } from '../request-id/request-id.middleware';
import { routeTemplate } from '../route-template';
import { isExemptFromRequestLog } from './request-log-exemption';
import type { CapturedUpload, RequestLogSink } from './request-log-sink';

/** nginx's convention for "the client went away before the answer was sent" (as the access log). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Captures every authenticated request for the request log. It keeps a reference to the value a
 * JSON answer is made from (wrapping `res.json`, through which every JSON answer of the API goes),
 * so nothing is copied or parsed on the request's path; once the response is closed it hands
 * method, route, status, latency, caller and both bodies to the sink. Whether a request is
 * authenticated is only known at the end (the guard runs later), so every request is watched and
 * anonymous ones are dropped at `close`. Redaction, capping and storage are the sink's job, after
 * the answer went out.
 */
export function captureRequestLog(sink: RequestLogSink) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = performance.now();
    const startedAt = Date.now();
    let answered: { value: unknown } | undefined;
    const json = response.json;
    response.json = function captureJson(this: Response, body?: unknown) {
      answered = { value: body };
      // eslint-disable-next-line prefer-rest-params
      return json.apply(this, arguments as unknown as [unknown]);
    };
    response.once('close', () => {
      const state = gatewayState(request);
      if (!state.caller || isExemptFromRequestLog(request)) return;
      const contentType = response.getHeader('content-type');
      sink.record({
        requestId: state.requestId,
        clientRequestId: clientRequestId(request),
        method: request.method,
        url: request.originalUrl,
        route: routeTemplate(request),
        status: response.writableFinished ? response.statusCode : CLIENT_CLOSED_REQUEST,
        latencyMs: performance.now() - started,
        startedAt: new Date(startedAt),
        caller: state.caller,
        apiVersion: state.apiVersion,
        requestBody: request.body as unknown,
        requestSize: sizeOf(request.headers['content-length']),
        uploads: uploadsOf(request),
        responseJson: answered,
        responseSize: sizeOf(response.getHeader('content-length')),
        responseContentType: typeof contentType === 'string' ? contentType : undefined,
      });
    });
    next();
  };
}

function sizeOf(header: unknown): number | undefined {
  const size = Number(header);
  return header !== undefined && Number.isFinite(size) ? size : undefined;
}

interface UploadedFile {
  fieldname?: string;
  originalname?: string;
  mimetype?: string;
  size?: number;
}

/** Multer's `file`/`files`: named and sized, never their bytes. */
function uploadsOf(request: Request): CapturedUpload[] {
  const withFiles = request as Request & {
    file?: UploadedFile;
    files?: UploadedFile[] | Record<string, UploadedFile[]>;
  };
  if (!withFiles.file && !withFiles.files) return [];
  const files = [
    ...(withFiles.file ? [withFiles.file] : []),
    ...(Array.isArray(withFiles.files) ? withFiles.files : Object.values(withFiles.files ?? {}).flat()),
  ];
  return files.map((file) => ({
    field: file.fieldname ?? '',
    name: file.originalname ?? '',
    type: file.mimetype ?? '',
    size: file.size ?? 0,
  }));
}
