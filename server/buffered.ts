/**
 * Responses whose whole body is already in memory, known as such to the middleware that handles
 * them later (compression), so that it can work on the bytes at once instead of reading the body
 * back as a stream. (Under @hono/node-server a Response made from bytes is written to the socket
 * directly; touching its `.body` turns it into a web stream, which costs more than the request did.)
 */

const bodies = new WeakMap<Response, Uint8Array>();

/** A Response of these bytes, with content-length set. */
export function bufferedResponse(bytes: Uint8Array, init: { status: number; headers: Headers }): Response {
  init.headers.set('content-length', String(bytes.byteLength));
  const response = new Response(bytes as Uint8Array<ArrayBuffer>, init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes of a Response made by bufferedResponse(), else undefined. */
export function bufferedBody(response: Response): Uint8Array | undefined {
  return bodies.get(response);
}
