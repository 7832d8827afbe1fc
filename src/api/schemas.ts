import { z } from 'zod/mini';
import '../lib/zod-issues.ts';
import { realListings } from '../lib/listings.ts';

/**
 * Zod schemas for the ten resources of the Financial Events API v3 and its two envelopes.
 *
 * - Objects are loose: fields the contract does not name pass through untouched, so an upstream
 *   addition never breaks the app.
 * - Types are strict: a field of the wrong type fails validation (the client turns that into an
 *   ApiError of kind 'malformed' naming the field).
 * - The contract promises no field non-null. What the app cannot work without stays required: ids
 *   and the ids that link records (companyId, eventId, typeId), a live record's `state`, a
 *   chapter's position and level, a segment's fiscal year, total and item values. Every other
 *   field is display data: null or missing is accepted and normalised to `null` (the UI shows
 *   "—"), and a list that is null or missing becomes `[]`. See README "Decisions".
 * - Timestamps stay ISO 8601 strings; formatting belongs to the UI.
 */

const id = z.int();
const timestamp = z.string();
/** Display text the app can do without: null or missing becomes null, shown as missing. */
const text = z._default(z.nullable(z.string()), null);
/** A timestamp shown but never computed with: null or missing becomes null. */
const optionalTimestamp = z._default(z.nullable(timestamp), null);
/** A list: null or missing becomes empty. */
function list<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.nullish(z.array(item)),
    z.transform((value: z.output<T>[] | null | undefined) => value ?? []),
  );
}
const timestamps = { createdAt: optionalTimestamp, updatedAt: optionalTimestamp };

export const tickerSchema = z.looseObject({ ticker: z.string(), exchange: z.string() });

export const companySchema = z.looseObject({
  id,
  name: text,
  displayName: text,
  country: text,
  /** Real listings only: the generic base listing is dropped (lib/listings.ts). */
  tickers: z.pipe(list(tickerSchema), z.transform(realListings)),
  isins: list(z.string()),
  /** Render only through safeHttpUrl. */
  backlinkUrl: text,
  ...timestamps,
});

export const segmentItemSchema = z.looseObject({ name: text, value: z.number() });

export const segmentSchema = z.looseObject({
  companyId: id,
  ...timestamps,
  fiscalYear: z.int(),
  reportDate: optionalTimestamp,
  segmentItem: text,
  segmentCategory: text,
  total: z.number(),
  totalUnit: text,
  other: text,
  items: list(segmentItemSchema),
  itemUnit: text,
});

export const eventSchema = z.looseObject({
  id,
  companyId: id,
  title: text,
  typeId: id,
  date: optionalTimestamp,
  language: text,
  fiscalYear: z._default(z.nullable(z.int()), null),
  fiscalPeriod: text,
  /** Render only through safeHttpUrl. */
  backlinkUrl: text,
  ...timestamps,
});

/** The `event` object embedded in audio and document records when `expand=event` is sent. */
export const eventSummarySchema = z.looseObject({
  title: text,
  typeId: id,
  fiscalYear: z._default(z.nullable(z.int()), null),
  fiscalPeriod: text,
  language: text,
  date: optionalTimestamp,
});

export const eventTypeSchema = z.looseObject({
  id,
  name: text,
  parent: text,
  ...timestamps,
});

export const audioMetadataSchema = z.looseObject({
  /** Human-readable size with unit, e.g. "200.0 MB". */
  size: text,
  /** Seconds. */
  duration: z._default(z.nullable(z.number()), null),
  encoding: text,
  mimetype: text,
});

export const audioSchema = z.looseObject({
  id,
  companyId: id,
  eventId: id,
  /** MP3 file URL (file host, no key). Render only through safeHttpUrl. */
  fileUrl: text,
  /** HLS playlist URL. Render only through safeHttpUrl. */
  streamUrl: text,
  /** Seconds from the start of the recording to the Q&A section (0 when unknown). */
  qna: z._default(z.nullable(z.number()), null),
  audioMetadata: z._default(z.nullable(audioMetadataSchema), null),
  /** Present when requested with `expand=event`. */
  event: z.optional(eventSummarySchema),
  ...timestamps,
});

export const audioChapterSchema = z.looseObject({
  id,
  title: text,
  /** Seconds. */
  startTimestamp: z.number(),
  /** Seconds. */
  endTimestamp: z.number(),
  /** 1: top-level section; 2 and deeper: sub-sections inside their parent's time range. */
  level: z.int(),
  ...timestamps,
});

/** Live states seen upstream. Any other string is accepted (future values must be shown, not crash). */
export const LIVE_STATES = [
  'notLive',
  'willBeLive',
  'live',
  'processingRecording',
  'recordingAvailable',
  'liveFailedInterrupted',
  'liveFailedNoAccess',
  'liveFailedNotStarted',
  'processingRecordingFailed',
] as const;
export type KnownLiveState = (typeof LIVE_STATES)[number];
/** A known state, or any other string the service may add later. */
export type LiveState = KnownLiveState | (string & {});

export function isKnownLiveState(state: string): state is KnownLiveState {
  return (LIVE_STATES as readonly string[]).includes(state);
}

export const liveAudioSchema = z.looseObject({
  id,
  eventId: id,
  companyId: id,
  date: optionalTimestamp,
  /** null before the call goes live. */
  wentLiveAt: z._default(z.nullable(timestamp), null),
  state: z.string() as z.ZodMiniType<LiveState, string>,
  /** HLS playlist while live, the recording once available; null before going live or after a failure. */
  audio: z._default(z.nullable(z.string()), null),
  ...timestamps,
});

/**
 * A live record with its transcript (`/live/{id}`, `/live/transcripts/{id}`, extensions of the
 * contract): the live-audio record (the `/live/transcripts*` records carry no `audio`: null) plus
 * `transcript`, the URL of the JSONL file that grows while the call is live (null before it goes
 * live, or when the call has none). Render and fetch only through safeHttpUrl.
 */
export const liveTranscriptRecordSchema = z.extend(liveAudioSchema, {
  transcript: z._default(z.nullable(z.string()), null),
});

export const documentSchema = z.looseObject({
  id,
  companyId: id,
  eventId: id,
  typeId: id,
  /** PDF or (for transcripts) JSON file URL. Render only through safeHttpUrl. */
  fileUrl: text,
  /** Present with `expand=event`, and always on the transcript detail. */
  event: z.optional(eventSummarySchema),
  ...timestamps,
});

export const documentTypeSchema = z.looseObject({
  id,
  name: text,
  category: text,
  description: text,
  form: text,
  documentGroupId: id,
  ...timestamps,
});

/** Document groups: values of `documentGroupId` and of the `documentGroupIds` filter. */
export const DOCUMENT_GROUPS = {
  1: 'Earnings Release',
  2: 'Press Release',
  3: 'Interim Report',
  4: 'Annual Report',
  5: 'Proxy Statement',
  6: 'Registration Statement',
} as const;
export type DocumentGroupId = keyof typeof DOCUMENT_GROUPS;

/** `{ data: <record> }` */
export function single<T extends z.ZodMiniType>(schema: T) {
  return z.looseObject({ data: schema });
}

export const paginationSchema = z.looseObject({
  /** Cursor of the next page; null (or missing, normalised to null) on the last page. */
  nextCursor: z._default(z.nullable(z.number()), null),
});

/** `{ data: [<record>, ...], pagination: { nextCursor } }` */
export function page<T extends z.ZodMiniType>(schema: T) {
  return z.looseObject({ data: z.array(schema), pagination: paginationSchema });
}

export type Ticker = z.infer<typeof tickerSchema>;
export type Company = z.infer<typeof companySchema>;
export type SegmentItem = z.infer<typeof segmentItemSchema>;
export type Segment = z.infer<typeof segmentSchema>;
/** An event (named so as not to shadow the DOM's Event). */
export type EventRecord = z.infer<typeof eventSchema>;
export type EventSummary = z.infer<typeof eventSummarySchema>;
export type EventType = z.infer<typeof eventTypeSchema>;
export type AudioMetadata = z.infer<typeof audioMetadataSchema>;
/** An audio recording (named so as not to shadow the DOM's Audio). */
export type AudioRecord = z.infer<typeof audioSchema>;
export type AudioChapter = z.infer<typeof audioChapterSchema>;
export type LiveAudio = z.infer<typeof liveAudioSchema>;
export type LiveTranscriptRecord = z.infer<typeof liveTranscriptRecordSchema>;
/** A document or transcript (named so as not to shadow the DOM's Document). */
export type DocumentRecord = z.infer<typeof documentSchema>;
export type DocumentType = z.infer<typeof documentTypeSchema>;
export type Pagination = z.infer<typeof paginationSchema>;
/** A validated single-record response. */
export interface Single<T> {
  data: T;
}
/** A validated list response (one page). */
export interface Page<T> {
  data: T[];
  pagination: { nextCursor: number | null };
}
