/** Errors in the shape the real service (a NestJS application) sends. */

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

export function errorBody(status: number, message: string): { statusCode: number; message: string; error: string } {
  return { statusCode: status, message, error: reasonPhrase(status) };
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(errorBody(status, message)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
