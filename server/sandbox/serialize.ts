import { DOCUMENT_TYPES, documentTypeById } from './data/catalog.ts';
import type { CompanyRecord } from './data/companies.ts';
import type { SegmentRecord } from './data/segments.ts';
import { liveTranscriptPath, type TranscriptVersion } from './live-transcript.ts';
import type { MediaLibrary } from './media/library.ts';
import type { AudioInfo, DocumentInfo, EventInfo, LiveInfo, Store } from './store.ts';

/** Turns internal records into the exact JSON shapes of the v3 contract. */

export interface Context {
  /** Origin for media and document URLs (the file host). */
  origin: string;
  now: number;
  store: Store;
  media: MediaLibrary;
}

export const iso = (time: number): string => new Date(time).toISOString();

export function company(c: CompanyRecord) {
  return {
    id: c.id,
    name: c.name,
    displayName: c.displayName,
    country: c.country,
    tickers: c.tickers.map((t) => ({ ticker: t.ticker, exchange: t.exchange })),
    isins: [...c.isins],
    backlinkUrl: c.backlinkUrl,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export function segment(s: SegmentRecord) {
  return {
    companyId: s.companyId,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    fiscalYear: s.fiscalYear,
    reportDate: iso(s.reportDate),
    segmentItem: s.segmentItem,
    segmentCategory: s.segmentCategory,
    total: s.total,
    totalUnit: s.totalUnit,
    other: s.other,
    items: s.items.map((item) => ({ name: item.name, value: item.value })),
    itemUnit: s.itemUnit,
  };
}

export function event(e: EventInfo) {
  return {
    id: e.id,
    companyId: e.company.id,
    title: e.title,
    typeId: e.typeId,
    date: iso(e.date),
    language: e.language,
    fiscalYear: e.fiscalYear,
    fiscalPeriod: e.fiscalPeriod,
    backlinkUrl: `${e.company.backlinkUrl}events/${e.id}`,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

export function eventSummary(e: EventInfo) {
  return {
    title: e.title,
    typeId: e.typeId,
    fiscalYear: e.fiscalYear,
    fiscalPeriod: e.fiscalPeriod,
    language: e.language,
    date: iso(e.date),
  };
}

export function formatSize(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function audio(a: AudioInfo, ctx: Context, expand: boolean) {
  const script = ctx.media.call(a.callIndex).script;
  const record: Record<string, unknown> = {
    id: a.id,
    companyId: a.company.id,
    eventId: a.eventId,
    fileUrl: `${ctx.origin}/sandbox-files/audio/${a.id}.mp3`,
    streamUrl: `${ctx.origin}/sandbox-files/audio/${a.id}/index.m3u8`,
    qna: script.qna,
    audioMetadata: {
      size: formatSize(script.mp3Bytes),
      duration: script.duration,
      encoding: '7bit',
      mimetype: 'audio/mpeg',
    },
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
  if (expand) attachEvent(record, a.eventId, ctx);
  return record;
}

export interface ChapterRecord {
  id: number;
  title: string;
  startTimestamp: number;
  endTimestamp: number;
  level: number;
  createdAt: string;
  updatedAt: string;
}

/** Chapters of a recording; chapter ids are audioId * 100 + position. */
export function chapters(a: AudioInfo, ctx: Context): ChapterRecord[] {
  const script = ctx.media.call(a.callIndex).script;
  const stamp = iso(a.createdAt + 10 * 60_000);
  return script.chapters.map((chapter, index) => ({
    id: a.id * 100 + index + 1,
    title: chapter.title,
    startTimestamp: chapter.start,
    endTimestamp: chapter.end,
    level: chapter.level,
    createdAt: stamp,
    updatedAt: stamp,
  }));
}

/** A live record's `audio`: the recording once available, else the live playlist once the call went live, else null. */
function liveAudioUrl(l: LiveInfo, ctx: Context): string | null {
  if (l.state === 'recordingAvailable' && l.audioId !== undefined) return `${ctx.origin}/sandbox-files/audio/${l.audioId}.mp3`;
  // Once a call has gone live its stream stays reachable: growing while live, ended after.
  if (l.wentLiveAt !== null) return `${ctx.origin}/sandbox-files/live/${l.id}/index.m3u8`;
  return null;
}

export function live(l: LiveInfo, ctx: Context) {
  return {
    id: l.id,
    eventId: l.event.id,
    companyId: l.event.company.id,
    date: iso(l.event.date),
    wentLiveAt: l.wentLiveAt === null ? null : iso(l.wentLiveAt),
    state: l.state,
    audio: liveAudioUrl(l, ctx),
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  };
}

/**
 * A record of /live and /live/{id} (`audio` set) or of /live/transcripts and /live/transcripts/{id}
 * (no `audio`): the live-audio record's fields plus `transcript`, the URL of the call's JSONL file
 * in the asked version, null until the call goes live (like `audio`).
 */
export function liveWithTranscript(l: LiveInfo, ctx: Context, version: TranscriptVersion, withAudio: boolean) {
  const transcript = l.wentLiveAt === null ? null : `${ctx.origin}${liveTranscriptPath(l.id, version)}`;
  const id = l.id;
  const eventId = l.event.id;
  const companyId = l.event.company.id;
  const date = iso(l.event.date);
  const wentLiveAt = l.wentLiveAt === null ? null : iso(l.wentLiveAt);
  const createdAt = iso(l.createdAt);
  const updatedAt = iso(l.updatedAt);
  if (!withAudio) return { id, eventId, companyId, date, wentLiveAt, state: l.state, transcript, createdAt, updatedAt };
  return { id, eventId, companyId, date, wentLiveAt, state: l.state, audio: liveAudioUrl(l, ctx), transcript, createdAt, updatedAt };
}

export function documentFileName(d: DocumentInfo, ctx: Context): string {
  const e = ctx.store.event(d.eventId, ctx.now);
  const type = documentTypeById(d.typeId);
  const parts = [d.company.slug, e ? `${e.fiscalPeriod}-${e.fiscalYear}` : '', type?.name ?? 'document'];
  const base = parts
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
  return `${base}.${ctx.store.isTranscript(d) ? 'json' : 'pdf'}`;
}

export function document(d: DocumentInfo, ctx: Context, expand: boolean) {
  const record: Record<string, unknown> = {
    id: d.id,
    companyId: d.company.id,
    eventId: d.eventId,
    typeId: d.typeId,
    fileUrl: `${ctx.origin}/sandbox-files/documents/${d.id}/${documentFileName(d, ctx)}`,
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  };
  if (expand) attachEvent(record, d.eventId, ctx);
  return record;
}

function attachEvent(record: Record<string, unknown>, eventId: number, ctx: Context) {
  const e = ctx.store.event(eventId, ctx.now);
  if (e) record.event = eventSummary(e);
}

export function eventType(t: { id: number; name: string; parent: string; createdAt: number; updatedAt: number }) {
  return { id: t.id, name: t.name, parent: t.parent, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) };
}

export function documentType(t: (typeof DOCUMENT_TYPES)[number]) {
  return {
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    form: t.form,
    documentGroupId: t.documentGroupId,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}
