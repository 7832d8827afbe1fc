import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { listenServerApp, type ServerApp } from '../../server/app.ts';

/** Test helpers for the Node side: real servers on 127.0.0.1, port 0. */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface StubUpstream {
  origin: string;
  requests: RecordedRequest[];
  /** Requests that were closed by the other side before the stub answered them. */
  closed: RecordedRequest[];
  close(): Promise<void>;
}

export type StubHandler = (
  request: IncomingMessage,
  respond: (status: number, headers: Record<string, string | string[]>, body?: string | Buffer) => void,
) => void;

/** A real upstream that records every request it receives. */
export async function startStubUpstream(handler: StubHandler): Promise<StubUpstream> {
  const requests: RecordedRequest[] = [];
  const closed: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) closed.push(recorded);
    });
    handler(req, (status, headers, body) => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  const origin = await listen(server);
  return {
    origin,
    requests,
    closed,
    close: () => closeServer(server),
  };
}

/** Serves the app as `npm start` does (server/app.ts listenServerApp). */
export async function serveApp(app: ServerApp): Promise<{ origin: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = listenServerApp(app, 0, '127.0.0.1', (info) => {
      resolve({ origin: `http://127.0.0.1:${info.port}`, close: () => closeServer(server) });
    });
  });
}

/** A port on which nothing listens (for connection refused). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  const origin = await listen(server);
  await closeServer(server);
  return Number(new URL(origin).port);
}

/**
 * A request whose target is sent exactly as written (fetch would normalise `..` away), for
 * traversal and absolute-form attempts.
 */
export function rawRequest(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: options.method ?? 'GET', path: target, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends these exact bytes (header lines as written, repeated ones included: node:http's client
 * would not) on a new connection and reads until the server closes it. Ask with
 * `Connection: close`. The status, the header block as text and the body as text.
 */
export function socketExchange(origin: string, bytes: string): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: split < 0 ? '' : text.slice(split + 4) });
    });
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One keep-alive connection read byte by byte, with no HTTP client in between: send() writes a GET,
 * next() parses exactly one response (Content-Length or chunked framing) from what arrived, so a
 * body longer than its headers say shows up as bytes in front of the next response, and a cut one
 * as the connection closing before its end.
 */
export async function rawConnection(origin: string): Promise<{
  send(target: string, headers?: Record<string, string>): void;
  next(): Promise<RawResponse>;
  /** Resolves with what arrived after the last parsed response once the connection closes. */
  closed(): Promise<Buffer>;
  close(): void;
}> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = Buffer.alloc(0);
  let ended = false;
  let wake: () => void = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });
  socket.on('error', () => {});
  const more = () => {
    if (ended) throw new Error(`the connection closed; unparsed bytes: ${JSON.stringify(buffer.toString('latin1').slice(0, 200))}`);
    return new Promise<void>((resolve) => (wake = resolve));
  };
  const take = async (count: number) => {
    while (buffer.length < count) await more();
    const taken = buffer.subarray(0, count);
    buffer = buffer.subarray(count);
    return taken;
  };
  const line = async () => {
    for (;;) {
      const at = buffer.indexOf('\r\n');
      if (at !== -1) return (await take(at + 2)).subarray(0, at).toString('latin1');
      await more();
    }
  };
  return {
    send(target, headers = {}) {
      const lines = [`GET ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    },
    async next() {
      const statusLine = await line();
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
      if (!match) throw new Error(`not a response: ${JSON.stringify(statusLine.slice(0, 200))}`);
      const headers: Record<string, string> = {};
      for (let header = await line(); header !== ''; header = await line()) {
        const colon = header.indexOf(':');
        headers[header.slice(0, colon).toLowerCase()] = header.slice(colon + 1).trim();
      }
      let body: Buffer;
      if (headers['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        for (let size = parseInt(await line(), 16); size > 0; size = parseInt(await line(), 16)) {
          parts.push(Buffer.from(await take(size)));
          await take(2);
        }
        await take(2);
        body = Buffer.concat(parts);
      } else body = Buffer.from(await take(Number(headers['content-length'] ?? 0)));
      return { status: Number(match[1]), headers, body };
    },
    async closed() {
      while (!ended) await new Promise<void>((resolve) => (wake = resolve));
      return buffer;
    },
    close: () => socket.destroy(),
  };
}
