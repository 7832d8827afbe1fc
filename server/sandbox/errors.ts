/**
 * Errors in the shapes the real service (a NestJS application) sends (README, "Decisions where the
 * contract is silent", Error body):
 * - 400: `{ statusCode: 400, error: 'Bad Request', message: [{ field, message }, ...] }`, one entry
 *   per problem (ValidationError style);
 * - 401, 403 and 404 for an unknown id: plain `{ statusCode, message: 'Unauthorized' | 'Forbidden' | 'Not Found' }`;
 * - everything else (an unknown path, 405, 429, 5xx): NestJS's default `{ statusCode, message, error }`.
 */

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** One entry of a 400 body: which query parameter (or `id`, for a path id) and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** For a 400: the problems, field by field. */
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** A 400 listing every problem found in the request. */
export function badRequest(problems: readonly FieldProblem[]): HttpError {
  return new HttpError(400, problems.map((p) => `${p.field}: ${p.message}`).join('; '), {}, problems);
}

/** A 400 for one field. */
export function fieldError(field: string, message: string): HttpError {
  return badRequest([{ field, message }]);
}

/** 401, 403 or 404 with the plain body the service sends (`Unauthorized`, `Forbidden`, `Not Found`). */
export function plainError(status: 401 | 403 | 404, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, reasonPhrase(status), headers);
}

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

export function errorBody(status: number, message: string): { statusCode: number; message: string; error: string } {
  return { statusCode: status, message, error: reasonPhrase(status) };
}

const JSON_TYPE = 'application/json; charset=utf-8';

function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/** What errorResponse() answers, as status, headers and body text (for a caller that writes them itself). */
export function errorParts(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): { status: number; headers: Record<string, string>; body: string } {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(errorBody(status, message)) };
}

/** NestJS's default body, `{ statusCode, message, error }` (unknown paths, 405, 429, 5xx, and the non-API routes). */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  const parts = errorParts(status, message, headers);
  return new Response(parts.body, { status, headers: parts.headers });
}

/** `{ statusCode, message }` with the reason phrase as the message: 401, 403, 404 for an unknown id. */
export function plainErrorResponse(status: 401 | 403 | 404, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { statusCode: status, message: reasonPhrase(status) }, headers);
}

/** `{ statusCode: 400, error: 'Bad Request', message: [{ field, message }] }`. */
export function badRequestResponse(problems: readonly FieldProblem[], headers: Record<string, string> = {}): Response {
  const message = problems.map(({ field, message: text }) => ({ field, message: text }));
  return jsonResponse(400, { statusCode: 400, error: reasonPhrase(400), message }, headers);
}

/** The response for an error thrown by an API handler. */
export function httpErrorResponse(error: HttpError): Response {
  if (error.status === 400 && error.problems.length > 0) return badRequestResponse(error.problems, error.headers);
  if (error.status === 401 || error.status === 403 || error.status === 404) return plainErrorResponse(error.status, error.headers);
  return errorResponse(error.status, error.message, error.headers);
}
