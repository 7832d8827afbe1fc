import { z } from 'zod';

/**
 * Zod schemas for the ten resources of the Financial Events API v3 and its two envelopes.
 *
 * - Objects are loose: fields the contract does not name pass through untouched, so an upstream
 *   addition never breaks the app.
 * - Types are strict: a field of the wrong type fails validation (the client turns that into an
 *   ApiError of kind 'malformed' naming the field).
 * - Only what upstream is known to null is nullable (shared/api/upstream-facts.md): the live
 *   record's `audio` and `wentLiveAt`, and `pagination.nextCursor` (null or missing on the last
 *   page). Missing values there are normalised to `null`.
 * - Timestamps stay ISO 8601 strings; formatting belongs to the UI.
 */

const id = z.int();
const timestamp = z.string();
const timestamps = { createdAt: timestamp, updatedAt: timestamp };

export const tickerSchema = z.looseObject({ ticker: z.string(), exchange: z.string() });

export const companySchema = z.looseObject({
  id,
  name: z.string(),
  displayName: z.string(),
  country: z.string(),
  tickers: z.array(tickerSchema),
  isins: z.array(z.string()),
  backlinkUrl: z.string(),
  ...timestamps,
});

export const segmentItemSchema = z.looseObject({ name: z.string(), value: z.number() });

export const segmentSchema = z.looseObject({
  companyId: id,
  ...timestamps,
  fiscalYear: z.int(),
  reportDate: timestamp,
  segmentItem: z.string(),
  segmentCategory: z.string(),
  total: z.number(),
  totalUnit: z.string(),
  other: z.string(),
  items: z.array(segmentItemSchema),
  itemUnit: z.string(),
});

export const eventSchema = z.looseObject({
  id,
  companyId: id,
  title: z.string(),
  typeId: id,
  date: timestamp,
  language: z.string(),
  fiscalYear: z.int(),
  fiscalPeriod: z.string(),
  backlinkUrl: z.string(),
  ...timestamps,
});

/** The `event` object embedded in audio and document records when `expand=event` is sent. */
export const eventSummarySchema = z.looseObject({
  title: z.string(),
  typeId: id,
  fiscalYear: z.int(),
  fiscalPeriod: z.string(),
  language: z.string(),
  date: timestamp,
});

export const eventTypeSchema = z.looseObject({
  id,
  name: z.string(),
  parent: z.string(),
  ...timestamps,
});

export const audioMetadataSchema = z.looseObject({
  /** Human-readable size with unit, e.g. "200.0 MB". */
  size: z.string(),
  /** Seconds. */
  duration: z.number(),
  encoding: z.string(),
  mimetype: z.string(),
});

export const audioSchema = z.looseObject({
  id,
  companyId: id,
  eventId: id,
  /** MP3 file URL (file host, no key). Render only through safeHttpUrl. */
  fileUrl: z.string(),
  /** HLS playlist URL. Render only through safeHttpUrl. */
  streamUrl: z.string(),
  /** Seconds from the start of the recording to the Q&A section (0 when unknown). */
  qna: z.number(),
  audioMetadata: audioMetadataSchema,
  /** Present when requested with `expand=event`. */
  event: eventSummarySchema.optional(),
  ...timestamps,
});

export const audioChapterSchema = z.looseObject({
  id,
  title: z.string(),
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
  date: timestamp,
  /** null before the call goes live. */
  wentLiveAt: timestamp.nullable().default(null),
  state: z.string() as z.ZodType<LiveState, string>,
  /** HLS playlist while live, the recording once available; null before going live or after a failure. */
  audio: z.string().nullable().default(null),
  ...timestamps,
});

export const documentSchema = z.looseObject({
  id,
  companyId: id,
  eventId: id,
  typeId: id,
  /** PDF or (for transcripts) JSON file URL. Render only through safeHttpUrl. */
  fileUrl: z.string(),
  /** Present with `expand=event`, and always on the transcript detail. */
  event: eventSummarySchema.optional(),
  ...timestamps,
});

export const documentTypeSchema = z.looseObject({
  id,
  name: z.string(),
  category: z.string(),
  description: z.string(),
  form: z.string(),
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
export function single<T extends z.ZodType>(schema: T) {
  return z.looseObject({ data: schema });
}

export const paginationSchema = z.looseObject({
  /** Cursor of the next page; null (or missing, normalised to null) on the last page. */
  nextCursor: z.number().nullable().default(null),
});

/** `{ data: [<record>, ...], pagination: { nextCursor } }` */
export function page<T extends z.ZodType>(schema: T) {
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
