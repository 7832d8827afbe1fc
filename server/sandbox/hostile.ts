/**
 * The hostile dataset (SANDBOX_DATASET=hostile): the normal records, serialized as usual, then
 * rewritten field by field into the worst the service could plausibly send. The normal dataset
 * code never sees this; only the answer of each endpoint passes through `hostileAnswer`.
 *
 * What each field may become (chosen from the record's id, so the same request always gets the
 * same answer):
 * - URL fields (backlinkUrl, fileUrl, streamUrl, live audio and transcript): javascript:, data:, vbscript:,
 *   protocol-relative, credentials in the URL, a relative path, or null. None is http(s) that a
 *   browser could open safely, so every one must be refused by the app.
 * - Display strings: markup that runs script if it is ever parsed as HTML, a 600-character word,
 *   a 560-character sentence, right-to-left text with a bidi override, emoji and CJK, empty, blank
 *   or null.
 * - Numbers: negative, zero, huge (1e15), fractional where an integer is expected.
 * - Timestamps: 0001-01-01, 9999-12-31, the epoch, an impossible date in ISO shape (Feb 30,
 *   25:61), or null.
 * - Type ids: types that do not exist (404 from the type endpoints) and negative ids.
 * - Live state: values no client knows, including markup.
 * - Arrays: empty, or null where the app chose to accept null.
 *
 * Ids and the ids that link records (companyId, eventId) stay as they are: without them nothing
 * can be fetched or linked (the app rejects a record without them, see README "Decisions").
 */

type Json = Record<string, unknown>;

/** Strings that execute if any of them reaches innerHTML, an attribute sink or a URL sink. */
export const SCRIPT_STRINGS = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '<script>window.__pwned=1;alert(1)</script>',
  '"><svg onload="window.__pwned=1">',
  'javascript:window.__pwned=1//',
  '<a href="javascript:window.__pwned=1">click</a>',
] as const;

const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(14); // 630 characters, no break opportunity
const LONG_SENTENCE = Array.from({ length: 40 }, (_, i) => `Holdings${i}`).join(' ') + ' International Aktiengesellschaft & Co. KGaA';
const RTL = 'شركة الأفق القابضة للاستثمار \u202Efdp.exe\u202C ש״ח';
const EMOJI = '📈🚀 Ωmega 株式会社 👩🏽‍💼 Ｚｅｎ Ǆ̈͂ ﷽';

/** Display strings, in the order records cycle through them. */
const STRINGS: readonly (string | null)[] = [
  `${SCRIPT_STRINGS[0]}Acme`,
  LONG_WORD,
  RTL,
  null,
  `${SCRIPT_STRINGS[1]}Beta`,
  EMOJI,
  LONG_SENTENCE,
  '',
  SCRIPT_STRINGS[2],
  '   ',
  SCRIPT_STRINGS[3],
  SCRIPT_STRINGS[4],
  '{{constructor.constructor("window.__pwned=1")()}}',
];

/** URL fields: nothing here is a safe http(s) link. */
const URLS: readonly (string | null)[] = [
  'javascript:window.__pwned=1;alert(document.domain)',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  ' JaVaScRiPt:window.__pwned=1',
  'data:audio/mpeg;base64,SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU4Ljc2LjEwMAAAAAAAAAAAAAAA',
  'vbscript:msgbox(1)',
  '//evil.example/steal',
  'https://user:secret@files.example.com/a.mp3',
  '/relative/path.mp3',
  null,
  'java\tscript:window.__pwned=1',
];

const TIMESTAMPS: readonly (string | null)[] = [
  '0001-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '2026-02-30T25:61:00.000Z',
  null,
];

/** Live states no client knows (the nine known ones still appear on other records). */
const LIVE_STATES = ['reticulating', '<b onmouseover="window.__pwned=1">live</b>', 'LIVE', 'liveFailedForAReasonNobodyKnows'];

const NUMBERS = [-1, 0, 1e15, -1e15, 3.5, -0.25, 9_007_199_254_740_991];

/** The n-th value of a pool, with a salt per field so one record does not get the same kind everywhere. */
function pick<T>(pool: readonly T[], id: number, salt: number): T {
  const index = Math.abs(Math.trunc(id) * 7 + salt * 3) % pool.length;
  return pool[index] as T;
}

const text = (id: number, salt: number) => pick(STRINGS, id, salt);
const url = (id: number, salt: number) => pick(URLS, id, salt);
const time = (id: number, salt: number) => pick(TIMESTAMPS, id, salt);

/** Unknown or invalid type ids; the known ones still appear on every third record. */
function typeId(id: number, original: unknown, unknown: readonly number[]): unknown {
  return id % 3 === 0 ? original : pick(unknown, id, 5);
}

function company(c: Json): Json {
  const id = c.id as number;
  return {
    ...c,
    name: id % 5 === 1 ? c.name : text(id, 1),
    displayName: text(id, 2),
    country: pick(['', null, 'XX', '<b>GB</b>', 'us', c.country], id, 3),
    tickers:
      id % 4 === 0
        ? []
        : (c.tickers as Json[]).map((t, i) => ({
            ticker: pick([t.ticker, `${SCRIPT_STRINGS[0]}`, LONG_WORD.slice(0, 80), '', '🚀'], id + i, 4),
            exchange: pick([t.exchange, '', RTL], id + i, 5),
          })),
    isins: id % 3 === 0 ? [] : [...(c.isins as string[]), pick([`${SCRIPT_STRINGS[1]}`, 'NOT-AN-ISIN', LONG_WORD.slice(0, 120)], id, 6)],
    backlinkUrl: url(id, 7),
    createdAt: time(id, 8),
    updatedAt: id % 2 === 0 ? c.updatedAt : time(id, 9),
  };
}

function segment(s: Json, index: number): Json {
  const n = (s.companyId as number) * 13 + index;
  const items =
    n % 5 === 0
      ? []
      : (s.items as Json[]).map((item, i) => ({
          name: text(n + i, 10),
          value: i === 0 ? pick(NUMBERS, n, 11) : item.value,
        }));
  return {
    ...s,
    segmentItem: text(n, 12),
    segmentCategory: text(n, 13),
    total: pick([...NUMBERS, s.total], n, 14),
    totalUnit: pick([null, '', '<i>MUSD</i>', LONG_WORD.slice(0, 60), s.totalUnit], n, 15),
    other: pick([null, '', 'n/a', '-1e15 (-999999%)', SCRIPT_STRINGS[0], s.other], n, 16),
    items,
    itemUnit: pick([null, '', '€💶', s.itemUnit], n, 17),
    reportDate: time(n, 18),
    createdAt: time(n, 19),
  };
}

function eventSummary(e: Json, id: number): Json {
  return {
    ...e,
    title: text(id, 20),
    typeId: typeId(id, e.typeId, [999, -3, 0]),
    fiscalYear: pick([null, -1, 0, 99_999, e.fiscalYear], id, 21),
    fiscalPeriod: pick([null, '', 'Q5', SCRIPT_STRINGS[2], LONG_WORD.slice(0, 90), e.fiscalPeriod], id, 22),
    language: pick([null, '', 'xx-Zzzz', '<b>en</b>', 'ar', e.language], id, 23),
    date: time(id, 24),
  };
}

function event(e: Json): Json {
  const id = e.id as number;
  return {
    ...eventSummary(e, id),
    backlinkUrl: url(id, 25),
    createdAt: time(id, 26),
    updatedAt: time(id, 27),
  };
}

function eventType(t: Json): Json {
  const id = t.id as number;
  return { ...t, name: text(id, 28), parent: text(id, 29) };
}

function audio(a: Json): Json {
  const id = a.id as number;
  const meta = (a.audioMetadata ?? {}) as Json;
  return {
    ...a,
    fileUrl: url(id, 30),
    streamUrl: url(id, 31),
    qna: pick([null, -30, 0, 1e9, -1e15, a.qna], id, 32),
    audioMetadata:
      id % 7 === 0
        ? null
        : {
            size: pick([null, '', '-3.0 MB', '99999999999.9 GB', 'big', SCRIPT_STRINGS[0], meta.size], id, 33),
            duration: pick([null, -125, 0, 1e12, 59.999, 86_400 * 400, meta.duration], id, 34),
            encoding: text(id, 35),
            mimetype: pick([null, 'text/html', '<b>audio/mpeg</b>', meta.mimetype], id, 36),
          },
    createdAt: time(id, 37),
    updatedAt: time(id, 38),
    ...(a.event ? { event: eventSummary(a.event as Json, a.eventId as number) } : {}),
  };
}

function chapter(c: Json, audioId: number, index: number): Json {
  const id = c.id as number;
  return {
    ...c,
    title: text(id, 39),
    // The first chapter keeps its place; the others go negative, past the end or backwards.
    startTimestamp: index === 0 ? c.startTimestamp : pick([c.startTimestamp, -40, 1e9, c.endTimestamp], id + audioId, 40),
    endTimestamp: pick([c.endTimestamp, -1, 1e12, 0], id, 41),
    level: pick([c.level, c.level, 0, -1, 7], id, 42),
  };
}

function live(l: Json): Json {
  const id = l.id as number;
  return {
    ...l,
    state: id % 2 === 0 ? l.state : pick(LIVE_STATES, id, 43),
    audio: url(id, 44),
    date: pick([l.date, ...TIMESTAMPS], id, 45),
    wentLiveAt: time(id, 46),
    createdAt: time(id, 47),
    updatedAt: time(id, 48),
  };
}

/** A record of /live or /live/transcripts: the live-audio record's rewrite (audio only where it has one), and its transcript URL. */
function liveWithTranscript(l: Json): Json {
  const { audio, ...rest } = live(l);
  return { ...rest, ...('audio' in l ? { audio } : {}), transcript: url(l.id as number, 57) };
}

function document(d: Json): Json {
  const id = d.id as number;
  return {
    ...d,
    typeId: typeId(id, d.typeId, [77, -1, 4242]),
    fileUrl: url(id, 49),
    createdAt: time(id, 50),
    updatedAt: time(id, 51),
    ...(d.event ? { event: eventSummary(d.event as Json, d.eventId as number) } : {}),
  };
}

function documentType(t: Json): Json {
  const id = t.id as number;
  return {
    ...t,
    name: text(id, 52),
    category: text(id, 53),
    description: text(id, 54),
    form: pick([null, '', SCRIPT_STRINGS[1], LONG_WORD], id, 55),
    documentGroupId: pick([t.documentGroupId, 99, -2], id, 56),
  };
}

/** Rewrites the answer of one endpoint (path below /public/v3; a list or one record) into its hostile form. */
export function hostileAnswer(path: string, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('data' in body)) return body;
  const envelope = body as { data: unknown; pagination?: unknown };
  const each = (rewrite: (record: Json, index: number) => Json) => {
    const data = Array.isArray(envelope.data) ? envelope.data.map((record, index) => rewrite(record as Json, index)) : rewrite(envelope.data as Json, 0);
    return { ...envelope, data };
  };
  const trimmed = path.replace(/\/+$/, '');
  let match: RegExpExecArray | null;
  if (/^\/companies(\/[^/]+)?$/.test(trimmed)) return each(company);
  if ((match = /^\/companies\/([^/]+)\/segments$/.exec(trimmed))) {
    // Every fourth company has no segments at all.
    if (Number(match[1]) % 4 === 0) return { data: [], pagination: { nextCursor: null } };
    return each(segment);
  }
  if (/^\/events(\/[^/]+)?$/.test(trimmed)) return each(event);
  if (/^\/event-types(\/[^/]+)?$/.test(trimmed)) return each(eventType);
  if (/^\/audio(\/[^/]+)?$/.test(trimmed)) return each(audio);
  if ((match = /^\/audio\/([^/]+)\/chapters$/.exec(trimmed))) {
    const audioId = Number(match[1]);
    // Every fifth recording has no chapters.
    if (audioId % 5 === 0) return { data: [], pagination: { nextCursor: null } };
    return each((record, index) => chapter(record, audioId, index));
  }
  if (/^\/live\/audio(\/[^/]+)?$/.test(trimmed)) return each(live);
  if (/^\/live(\/transcripts)?(\/[^/]+)?$/.test(trimmed)) return each(liveWithTranscript);
  if (/^\/documents(\/transcripts)?(\/[^/]+)?$/.test(trimmed)) return each(document);
  if (/^\/document-types(\/[^/]+)?$/.test(trimmed)) return each(documentType);
  return body;
}
