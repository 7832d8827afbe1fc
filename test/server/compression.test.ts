import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, HeaderRecord } from '../../server/compression.ts';

/** What the browser receives from compressResponse (server/compression.ts), the one compression of the server. */

const JSON_TYPE = 'application/json; charset=utf-8';
const body = (text: string) => Buffer.from(text);
const list = (name: string) => body(JSON.stringify({ data: Array.from({ length: 80 }, (_, id) => ({ id, name: `${name} ${id}` })) }));

describe('compressResponse', () => {
  it('compresses a JSON body of 1 kB or more with brotli, weakens its ETag and sets Vary and the length', () => {
    const raw = list('Acme');
    const headers = new HeaderRecord({ 'content-type': JSON_TYPE, etag: '"v1"' });
    const result = compressResponse({ method: 'GET', range: null, acceptEncoding: 'gzip, deflate, br' }, 200, headers, raw);
    expect(result?.encoding).toBe('br');
    expect(brotliDecompressSync(result!.bytes!).toString()).toBe(raw.toString());
    expect(headers.values).toEqual({
      'content-type': JSON_TYPE,
      etag: 'W/"v1"',
      vary: 'Accept-Encoding',
      'content-encoding': 'br',
      'content-length': String(result!.bytes!.byteLength),
    });
  });

  it('uses gzip when brotli is not accepted; leaves the body as it is when neither is (still with Vary)', () => {
    const raw = list('Acme');
    const gzipped = compressResponse({ method: 'GET', range: null, acceptEncoding: 'gzip' }, 200, new HeaderRecord({ 'content-type': JSON_TYPE }), raw);
    expect(gzipped?.encoding).toBe('gzip');
    expect(gunzipSync(gzipped!.bytes!).toString()).toBe(raw.toString());
    const headers = new HeaderRecord({ 'content-type': JSON_TYPE });
    expect(compressResponse({ method: 'GET', range: null, acceptEncoding: null }, 200, headers, raw)).toBeUndefined();
    expect(headers.values).toEqual({ 'content-type': JSON_TYPE, vary: 'Accept-Encoding' });
  });

  it('the same bytes asked for again come back compressed the same; other bytes of the same length get their own', () => {
    const raw = list('Acme');
    const ask = (bytes: Buffer) =>
      compressResponse({ method: 'GET', range: null, acceptEncoding: 'br' }, 200, new HeaderRecord({ 'content-type': JSON_TYPE }), bytes)!.bytes!;
    const first = ask(raw);
    expect(Buffer.from(ask(Buffer.from(raw))).equals(Buffer.from(first))).toBe(true);
    // One byte changed where a sample of the body would not look: still its own answer.
    const changed = Buffer.from(raw);
    const at = raw.indexOf('Acme 7') + 5;
    changed[at] = '8'.charCodeAt(0);
    expect(brotliDecompressSync(ask(changed)).toString()).toBe(changed.toString());
    expect(brotliDecompressSync(ask(raw)).toString()).toBe(raw.toString());
  });

  it.each([
    ['a HEAD request', { method: 'HEAD', range: null }, 200, { 'content-type': JSON_TYPE }],
    ['a Range request', { method: 'GET', range: 'bytes=0-9' }, 200, { 'content-type': JSON_TYPE }],
    ['a 206', { method: 'GET', range: null }, 206, { 'content-type': JSON_TYPE }],
    ['a 304', { method: 'GET', range: null }, 304, { 'content-type': JSON_TYPE }],
    ['media', { method: 'GET', range: null }, 200, { 'content-type': 'audio/mpeg' }],
    ['an answer already encoded', { method: 'GET', range: null }, 200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }],
    ['no-transform', { method: 'GET', range: null }, 200, { 'content-type': JSON_TYPE, 'cache-control': 'public, no-transform' }],
    ['byte ranges advertised', { method: 'GET', range: null }, 200, { 'content-type': JSON_TYPE, 'accept-ranges': 'bytes' }],
  ])('leaves %s untouched', (_, request, status, values) => {
    const headers = new HeaderRecord({ ...values });
    expect(compressResponse({ ...request, acceptEncoding: 'br' }, status, headers, list('Acme'))).toBeUndefined();
    expect(headers.values).toEqual(values);
  });

  it('leaves a body under 1 kB as it is, without Vary', () => {
    const headers = new HeaderRecord({ 'content-type': JSON_TYPE });
    expect(compressResponse({ method: 'GET', range: null, acceptEncoding: 'br' }, 200, headers, body('{"data":[]}'))).toBeUndefined();
    expect(headers.values).toEqual({ 'content-type': JSON_TYPE });
  });

  it('asks the caller to stream a body it does not hold in memory', () => {
    const headers = new HeaderRecord({ 'content-type': 'text/plain' });
    expect(compressResponse({ method: 'GET', range: null, acceptEncoding: 'gzip' }, 200, headers, undefined)).toEqual({ encoding: 'gzip' });
    expect(headers.values).toEqual({ 'content-type': 'text/plain', vary: 'Accept-Encoding' });
  });
});
