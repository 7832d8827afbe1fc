import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { readSmallBody } from '../../server/compression.ts';
import { rawConnection, serveApp } from './helpers.ts';

/**
 * Streamed text answers (the sandbox's API answers are streams, not bytes) compressed in one call
 * when they are small enough (readSmallBody), so that no compression context lives per answer in
 * flight; longer ones still stream, byte for byte.
 */

let app: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  const config = readServerConfig({ SANDBOX_COMPANIES: '600', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0', SEARCH_INDEX: 'off' });
  app = await serveApp(createServerApp(config));
});

afterAll(async () => {
  await app?.close();
});

const streamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('readSmallBody', () => {
  it('gives the bytes of a stream that ends within 256 kB', async () => {
    const read = await readSmallBody(streamOf([Buffer.from('{"data":'), Buffer.from('[1,2]}')]));
    expect(read).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(read as Uint8Array).toString()).toBe('{"data":[1,2]}');
  });

  it('gives a longer stream back whole and in order', async () => {
    const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(100_000, 0x61 + i));
    const read = await readSmallBody(streamOf(chunks));
    expect(read).toBeInstanceOf(ReadableStream);
    const back = Buffer.from(await new Response(read as ReadableStream<Uint8Array>).arrayBuffer());
    expect(back.length).toBe(500_000);
    expect(back.equals(Buffer.concat(chunks))).toBe(true);
  });
});

describe('a sandbox API answer asked for with gzip, br', () => {
  it('comes compressed in one piece, with its length, and decodes to the answer sent without compression', async () => {
    const path = '/public/v3/companies?limit=500';
    const plain = await (await fetch(`${app.origin}${path}`, { headers: { 'accept-encoding': 'identity' } })).text();
    const connection = await rawConnection(app.origin);
    try {
      connection.send(path, { 'accept-encoding': 'gzip, br' });
      const compressed = await connection.next();
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
      expect(brotliDecompressSync(compressed.body).toString()).toBe(plain);
      expect(JSON.parse(plain).data).toHaveLength(500);
    } finally {
      connection.close();
    }
  });
});
