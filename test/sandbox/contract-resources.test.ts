/**
 * Contract: every field of every resource with its JSON type, the exact key set, timestamps in
 * ISO 8601 UTC with milliseconds, no nulls (outside live audio), `expand=event`, transcripts as
 * documents, document groups, event type parents, chapter nesting and `qna`, and URL fields that
 * resolve on the file host.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  checkAudio,
  checkChapter,
  checkCompany,
  checkDocument,
  checkDocumentType,
  checkEvent,
  checkEventType,
  checkSegment,
  collectAll,
  expectNotFound,
  get,
  getData,
  makeSandbox,
  spread,
  summaryOf,
  V3,
  type Rec,
} from './contract-helpers.ts';

const { sandbox } = makeSandbox();

let companies: Rec[] = [];
let audio: Rec[] = [];
let audioExpanded: Rec[] = [];
let transcripts: Rec[] = [];
let transcriptsExpanded: Rec[] = [];
const events = new Map<number, Rec>();

beforeAll(async () => {
  companies = await collectAll(sandbox, '/companies');
  audio = await collectAll(sandbox, '/audio');
  audioExpanded = await collectAll(sandbox, '/audio', { expand: 'event' });
  transcripts = await collectAll(sandbox, '/documents/transcripts');
  transcriptsExpanded = await collectAll(sandbox, '/documents/transcripts', { expand: 'event' });
  for (const eventId of new Set([...audio, ...transcripts].map((r) => r.eventId as number))) {
    events.set(eventId, await getData(sandbox, `/events/${eventId}`));
  }
});

/** Probes ids 1, 2, ... on an id endpoint until the first 404; returns the records found. */
/** Every record of a catalog endpoint, found by asking for each id up to `max` (the ids are sparse). */
async function probeIds(path: string, max = 300): Promise<Rec[]> {
  const found: Rec[] = [];
  for (let id = 1; id <= max; id++) {
    const res = await call(sandbox, `${V3}${path}/${id}`);
    if (res.status === 404) continue;
    expect(res.status, `${path}/${id}`).toBe(200);
    found.push(res.json.data);
  }
  return found;
}

async function resolves(url: string): Promise<number> {
  const res = await sandbox.fetch(new Request(url));
  await res.arrayBuffer();
  return res.status;
}

describe('companies (endpoints 1, 2)', () => {
  it('every company has exactly the contract fields with their types', () => {
    expect(companies.length).toBeGreaterThan(10);
    for (const c of companies) checkCompany(c);
  });

  it('endpoint 2 returns the same record as the list', async () => {
    for (const c of spread(companies, 15)) {
      const body = await get(sandbox, `/companies/${c.id}`);
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toEqual(c);
    }
  });
});

describe('segments (endpoint 3)', () => {
  it('every segment record of every company has exactly the contract fields with their types', async () => {
    let total = 0;
    for (const c of companies) {
      const segments = await collectAll(sandbox, `/companies/${c.id}/segments`);
      for (const s of segments) checkSegment(s, c.id);
      total += segments.length;
    }
    expect(total, 'some companies report segments').toBeGreaterThan(0);
  });
});

describe('events and event types (endpoints 4, 5)', () => {
  it('every event reached from audio and transcripts has exactly the contract fields, and the same company', () => {
    expect(events.size).toBeGreaterThan(10);
    for (const e of events.values()) checkEvent(e);
    for (const r of [...audio, ...transcripts]) {
      const e = events.get(r.eventId)!;
      expect(e.id, `event of record ${r.id}`).toBe(r.eventId);
      expect(e.companyId, `company of event ${e.id} vs record ${r.id}`).toBe(r.companyId);
    }
  });

  it('event types have exactly the contract fields and a parent; every event typeId resolves', async () => {
    const types = await probeIds('/event-types');
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) {
      checkEventType(t);
      expect(t.parent.trim().length, `event type ${t.id} parent`).toBeGreaterThan(0);
    }
    const known = new Set(types.map((t) => t.id));
    for (const typeId of new Set([...events.values()].map((e) => e.typeId as number))) {
      if (known.has(typeId)) continue;
      const res = await call(sandbox, `${V3}/event-types/${typeId}`);
      expect(res.status, `event type ${typeId} used by an event`).toBe(200);
      checkEventType(res.json.data);
      expect(res.json.data.parent.length).toBeGreaterThan(0);
    }
  });
});

describe('audio (endpoints 6, 7)', () => {
  it('every audio record has exactly the contract fields with their types, and no event key without expand', () => {
    expect(audio.length).toBeGreaterThan(10);
    for (const a of audio) checkAudio(a, false);
  });

  it('expand=event adds the event summary, equal to the event from endpoint 4', () => {
    expect(audioExpanded.map((a) => a.id)).toEqual(audio.map((a) => a.id));
    audioExpanded.forEach((a, i) => {
      checkAudio(a, true);
      expect(a.event, `audio ${a.id} event summary`).toEqual(summaryOf(events.get(a.eventId)!));
      const { event: _event, ...rest } = a;
      expect(rest, `audio ${a.id} otherwise unchanged`).toEqual(audio[i]);
    });
  });

  it('endpoint 7 returns the list record, with the event only when expand=event', async () => {
    for (const a of spread(audioExpanded, 15)) {
      const plain = await getData(sandbox, `/audio/${a.id}`);
      checkAudio(plain, false);
      expect('event' in plain).toBe(false);
      const { event: _event, ...rest } = a;
      expect(plain).toEqual(rest);
      expect(await getData(sandbox, `/audio/${a.id}`, { expand: 'event' })).toEqual(a);
    }
  });

  it('the recording metadata describes an MP3', () => {
    for (const a of audio) expect(a.audioMetadata.mimetype, `audio ${a.id}`).toBe('audio/mpeg');
  });
});

describe('chapters (endpoint 8)', () => {
  it('have exactly the contract fields; level-2 chapters lie inside their level-1 parent; qna is the Q&A chapter start', async () => {
    for (const a of spread(audio, 25)) {
      const chapters = await collectAll(sandbox, `/audio/${a.id}/chapters`, { levels: '1,2' });
      expect(chapters.length, `audio ${a.id} has chapters`).toBeGreaterThan(0);
      for (const c of chapters) {
        checkChapter(c);
        expect(c.endTimestamp, `chapter ${c.id} within the recording`).toBeLessThanOrEqual(a.audioMetadata.duration + 0.5);
        expect(c.startTimestamp).toBeGreaterThanOrEqual(0);
      }
      const top = chapters.filter((c) => c.level === 1);
      for (const child of chapters.filter((c) => c.level === 2)) {
        // The parent: the level-1 chapter whose range contains the child's start.
        const parent = top.filter((p) => p.startTimestamp <= child.startTimestamp).at(-1);
        expect(parent, `level-2 chapter ${child.id} "${child.title}" has a level-1 parent`).toBeDefined();
        expect(child.startTimestamp, `chapter ${child.id} starts inside "${parent!.title}"`).toBeGreaterThanOrEqual(parent!.startTimestamp);
        expect(child.endTimestamp, `chapter ${child.id} ends inside "${parent!.title}"`).toBeLessThanOrEqual(parent!.endTimestamp);
      }
      const qna = top.find((c) => /^(q\s*&\s*a|q\s*and\s*a|questions?\s+and\s+answers?)/i.test(c.title));
      expect(qna, `audio ${a.id} has a level-1 Q&A chapter`).toBeDefined();
      expect(a.qna, `audio ${a.id}: qna equals the start of "${qna!.title}"`).toBe(qna!.startTimestamp);
    }
  });
});

describe('documents and transcripts (endpoints 10, 11, 12, 13)', () => {
  it('every transcript in the list has exactly the document fields, without event unless expand=event', () => {
    expect(transcripts.length).toBeGreaterThan(10);
    for (const t of transcripts) checkDocument(t, false);
    expect(transcriptsExpanded.map((t) => t.id)).toEqual(transcripts.map((t) => t.id));
    transcriptsExpanded.forEach((t, i) => {
      checkDocument(t, true);
      expect(t.event, `transcript ${t.id} event summary`).toEqual(summaryOf(events.get(t.eventId)!));
      const { event: _event, ...rest } = t;
      expect(rest).toEqual(transcripts[i]);
    });
  });

  it('transcripts belong to English-language events (upstream-facts)', () => {
    const other = transcriptsExpanded.filter((t) => t.event.language !== 'en').map((t) => `${t.id} (${t.event.language})`);
    expect(other, 'transcripts of non-English events').toEqual([]);
  });

  it('endpoint 12 always includes the event; endpoint 10 serves the same transcript under the same id, with event only on expand', async () => {
    for (const t of spread(transcriptsExpanded, 20)) {
      const single = await getData(sandbox, `/documents/transcripts/${t.id}`);
      checkDocument(single, true);
      expect(single).toEqual(t);
      const asDocument = await getData(sandbox, `/documents/${t.id}`);
      checkDocument(asDocument, false);
      expect('event' in asDocument).toBe(false);
      const { event: _event, ...rest } = t;
      expect(asDocument).toEqual(rest);
      expect(await getData(sandbox, `/documents/${t.id}`, { expand: 'event' })).toEqual(t);
    }
  });

  it('every document type has exactly the contract fields and a documentGroupId in 1..6, transcript types included', async () => {
    const types = await probeIds('/document-types');
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) checkDocumentType(t);
    const ids = new Set(types.map((t) => t.id));
    for (const typeId of new Set(transcripts.map((t) => t.typeId as number))) {
      expect(ids.has(typeId), `transcript type ${typeId} is a document type`).toBe(true);
    }
  });

  it('other documents (endpoint 10) have the document fields and a known type; expand adds the event', async () => {
    const pdf = sandbox.sampleIds().pdfDocumentId;
    expect(pdf).toBeDefined();
    const transcriptIds = new Set(transcripts.map((t) => t.id));
    const sample = [pdf!];
    for (let id = 1; sample.length < 25 && id < 400; id++) if (!transcriptIds.has(id)) sample.push(id);
    for (const id of sample) {
      const res = await call(sandbox, `${V3}/documents/${id}`);
      if (res.status === 404) continue;
      expect(res.status).toBe(200);
      const d = res.json.data as Rec;
      checkDocument(d, false);
      const type = await getData(sandbox, `/document-types/${d.typeId}`);
      checkDocumentType(type);
      const expanded = await getData(sandbox, `/documents/${id}`, { expand: 'event' });
      checkDocument(expanded, true);
      const event = await getData(sandbox, `/events/${d.eventId}`);
      expect(expanded.event).toEqual(summaryOf(event));
      expect(event.companyId).toBe(d.companyId);
    }
  });
});

describe('URL fields resolve on the file host', () => {
  it('audio fileUrl and streamUrl, transcript and document fileUrl answer 200 (sample)', async () => {
    for (const a of spread(audio, 4)) {
      expect(await resolves(a.fileUrl), a.fileUrl).toBe(200);
      expect(await resolves(a.streamUrl), a.streamUrl).toBe(200);
    }
    for (const t of spread(transcripts, 4)) expect(await resolves(t.fileUrl), t.fileUrl).toBe(200);
    const pdf = await getData(sandbox, `/documents/${sandbox.sampleIds().pdfDocumentId}`);
    expect(await resolves(pdf.fileUrl), pdf.fileUrl).toBe(200);
  });

  it('media URLs are on the origin of the request', async () => {
    const body = await call(sandbox, 'http://other.test:8080/public/v3/audio?limit=1');
    expect(body.status).toBe(200);
    expect(new URL(body.json.data[0].fileUrl).origin).toBe('http://other.test:8080');
  });
});

describe('single-record envelopes', () => {
  it('endpoints 2, 4, 5, 7, 9, 10, 12, 13 answer { data } only; list endpoints never leak a single record', async () => {
    const a = audio[0]!;
    const t = transcripts[0]!;
    for (const path of [
      `/companies/${a.companyId}`,
      `/events/${a.eventId}`,
      `/event-types/${events.get(a.eventId)!.typeId}`,
      `/audio/${a.id}`,
      `/live/audio/${a.eventId + 764}`,
      `/documents/${t.id}`,
      `/documents/transcripts/${t.id}`,
      `/document-types/${t.typeId}`,
    ]) {
      const body = await get(sandbox, path);
      expect(Object.keys(body), path).toEqual(['data']);
      expect(Array.isArray(body.data), path).toBe(false);
    }
    expectNotFound(await call(sandbox, `${V3}/documents/transcripts/0`), 'transcript 0');
  });
});
