import { compareFiscalPeriods } from '../../src/lib/fiscal-periods.ts';
import { callSections, rolesOf, SPEAKER_ROLES, type CallSection, type SpeakerKind, type SpeakerRole, type Transcript } from '../../src/lib/transcript/index.ts';
import type { SearchDb } from './db.ts';
import { DROP_SQL, SCHEMA_SQL, SCHEMA_VERSION, UPGRADES, WORD_INDEX_SQL, type WordIndexMethod } from './schema.ts';

/**
 * Every query the search index runs, on either engine. Values are always bound parameters; the
 * only text put together here is the list of filter clauses, from fixed pieces.
 */

export interface ListedTranscript {
  id: number;
  eventId: number;
  companyId: number;
  typeId: number;
  fileUrl: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  editRank: number;
  event?: {
    title?: string | null;
    typeId?: number | null;
    date?: string | null;
    fiscalYear?: number | null;
    fiscalPeriod?: string | null;
  } | null;
}

export interface CompanyRow {
  id: number;
  name: string;
  country: string | null;
  exchanges: string[];
}

export interface PendingTranscript {
  id: number;
  eventId: number;
  companyId: number;
  fileUrl: string | null;
  attempts: number;
}

export interface SearchFilters {
  companyIds?: number[];
  countries?: string[];
  exchanges?: string[];
  eventTypeIds?: number[];
  eventIds?: number[];
  /** ISO times: event date from (inclusive) and to (exclusive). */
  from?: string;
  to?: string;
  fiscalYears?: number[];
  fiscalPeriods?: string[];
  speakers?: SpeakerKind[];
  /** Speaker roles: a paragraph whose speaker has any of them. */
  roles?: SpeakerRole[];
  /** Parts of the call. */
  sections?: CallSection[];
  /** Fiscal quarters, each a year with its period: a call of any of them. */
  quarters?: { fiscalYear: number; fiscalPeriod: string }[];
}

export type SearchSort = 'relevance' | 'date';

export interface CallHitRow {
  eventId: number;
  transcriptId: number;
  transcriptTypeId: number;
  edited: boolean;
  hits: number;
  companyId: number;
  companyName: string;
  country: string | null;
  eventTitle: string | null;
  eventTypeId: number | null;
  eventDate: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
}

export interface ParagraphHitRow {
  transcriptId: number;
  position: number;
  speakerLabel: string;
  speakerDetail: string | null;
  speakerKind: SpeakerKind;
  speakerRoles: SpeakerRole[];
  /** The company the speaker speaks for (an analyst's firm), when the mapping says. */
  speakerCompany: string | null;
  section: CallSection;
  start: number;
  end: number;
  body: string;
  sentences: [number, number, number, number][];
  headline: string;
}

/**
 * Roles as the bits search_matches keeps them in: bit i for SPEAKER_ROLES[i]. The order is part of
 * the index (migrate rebuilds an index written with another order).
 */
export function roleBits(roles: readonly SpeakerRole[]): number {
  return roles.reduce((bits, role) => bits | (1 << SPEAKER_ROLES.indexOf(role)), 0);
}

export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * Makes the schema; brings an index of an earlier version forward in place where UPGRADES says how
 * (`upgraded`: the versions it went through), or builds it afresh when it was written by a version
 * it cannot bring forward or for other data.
 */
export async function migrate(
  db: SearchDb,
  source: string,
  wordIndex: WordIndexMethod = 'gin',
): Promise<{ rebuilt: boolean; upgraded: number[]; wordIndex: WordIndexOutcome }> {
  await db.exec('create table if not exists search_meta (key text primary key, value jsonb not null)');
  const [row] = await db.query<{ value: { version: number; source: string; roles?: string } }>(`select value from search_meta where key = 'schema'`);
  const current = row?.value;
  const roles = SPEAKER_ROLES.join(',');
  const sameData = Boolean(current) && current!.source === source && current!.roles === roles;
  const steps: number[] = [];
  for (let version = current?.version ?? SCHEMA_VERSION; sameData && version < SCHEMA_VERSION && UPGRADES[version] !== undefined; version++)
    steps.push(version);
  const upgradable = sameData && current!.version + steps.length === SCHEMA_VERSION;
  const rebuilt = Boolean(current) && !upgradable && (current!.version !== SCHEMA_VERSION || !sameData);
  if (rebuilt || !current) await db.exec(DROP_SQL);
  await db.exec(SCHEMA_SQL);
  if (upgradable && steps.length > 0) {
    // The new tables are made (above, empty); they are filled and the version written in one
    // transaction: a stop half-way leaves them empty and the version as it was, and the next start
    // fills them again.
    await db.transaction(async (tx) => {
      for (const version of steps) await tx.query(UPGRADES[version]!);
      await setMeta(tx, 'schema', { version: SCHEMA_VERSION, source, roles });
    });
    return { rebuilt: false, upgraded: steps, wordIndex: await ensureWordIndex(db, wordIndex) };
  }
  await setMeta(db, 'schema', { version: SCHEMA_VERSION, source, roles });
  return { rebuilt, upgraded: [], wordIndex: await ensureWordIndex(db, wordIndex) };
}

export interface WordIndexOutcome {
  method: WordIndexMethod;
  /** Set when an index of the other method was there and was made again (a change of setting or of server). */
  movedFrom?: string;
  ms?: number;
}

/**
 * Makes the word index (schema.ts, WORD_INDEX_SQL) with the method chosen: gin, or rum on a
 * PostgreSQL server that has the extension (made in the database when missing; refused, saying how
 * to get it, where the server lacks it or the user may not make it). An index of the other method is
 * dropped and made again, once, when the setting changes.
 */
export async function ensureWordIndex(db: SearchDb, method: WordIndexMethod): Promise<WordIndexOutcome> {
  if (method === 'rum') {
    if (db.engine !== 'postgresql') throw new Error('SEARCH_WORD_INDEX=rum needs a PostgreSQL server (DATABASE_URL); the embedded engine has only gin');
    const [rum] = await db.query<{ available: boolean; installed: boolean }>(
      `select exists (select from pg_available_extensions where name = 'rum') as available, exists (select from pg_extension where extname = 'rum') as installed`,
    );
    if (!rum?.available)
      throw new Error(
        'SEARCH_WORD_INDEX=rum: this PostgreSQL server has no rum extension (on Debian: apt-get install postgresql-15-rum, for the server’s version)',
      );
    if (!rum.installed) {
      try {
        await db.exec('create extension if not exists rum');
      } catch (error) {
        throw new Error(
          `SEARCH_WORD_INDEX=rum: the rum extension could not be made in this database (${(error as Error).message}); a superuser can run "create extension rum" in it`,
        );
      }
    }
  }
  const [current] = await db.query<{ method: string }>(
    `select am.amname as method from pg_class i join pg_am am on am.oid = i.relam where i.oid = to_regclass('search_matches_tsv')`,
  );
  if (current?.method === method) return { method };
  const started = Date.now();
  if (current) await db.exec('drop index search_matches_tsv');
  await db.exec(WORD_INDEX_SQL[method]);
  return current ? { method, movedFrom: current.method, ms: Date.now() - started } : { method };
}

export async function getMeta<T>(db: Pick<SearchDb, 'query'>, key: string): Promise<T | undefined> {
  const [row] = await db.query<{ value: T }>('select value from search_meta where key = $1', [key]);
  return row?.value;
}

export async function setMeta(db: Pick<SearchDb, 'query'>, key: string, value: unknown): Promise<void> {
  await db.query('insert into search_meta (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value', [
    key,
    JSON.stringify(value),
  ]);
}

export async function missingCompanies(db: SearchDb, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>('select id::text from search_companies where id = any($1::bigint[])', [ids]);
  const known = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => !known.has(id));
}

export async function saveCompanies(db: SearchDb, companies: CompanyRow[]): Promise<void> {
  for (const company of companies) {
    await db.query(
      `insert into search_companies (id, name, country, exchanges) values ($1, $2, $3, $4::text[])
       on conflict (id) do update set name = excluded.name, country = excluded.country, exchanges = excluded.exchanges`,
      [company.id, company.name, company.country, company.exchanges],
    );
  }
}

/**
 * Records transcripts read from the list. A new one, or one whose record changed since it was read
 * (a later updatedAt), waits to be read; the rest stay as they are. Returns how many wait, and the
 * records with a value the index cannot hold (a time that does not exist, a number out of range:
 * PostgreSQL's data exceptions, class 22), each with the engine's reason, so the rest are kept.
 */
export async function saveListed(db: SearchDb, listed: ListedTranscript[]): Promise<{ queued: number; refused: { doc: ListedTranscript; reason: string }[] }> {
  let queued = 0;
  const refused: { doc: ListedTranscript; reason: string }[] = [];
  for (const doc of listed) {
    let rows: { queued: boolean }[];
    try {
      rows = await saveOneListed(db, doc);
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? '');
      if (!code.startsWith('22')) throw error;
      refused.push({ doc, reason: (error as Error).message });
      continue;
    }
    if (rows.length > 0) queued++;
  }
  return { queued, refused };
}

/** A transcript record that cannot be read or stored: listed as failed with why, until the record changes. */
export function saveUnreadable(db: SearchDb, doc: UnreadableRecord, reason: string, now: Date): Promise<void> {
  return db.run('saveUnreadable', doc, reason, now);
}

type UnreadableRecord = { id: number; eventId: number; companyId: number; typeId: unknown };

/** saveUnreadable's transaction, run on the engine's own thread (server/search/operations.ts). */
export async function saveUnreadableHere(db: Pick<SearchDb, 'transaction'>, doc: UnreadableRecord, reason: string, now: Date): Promise<void> {
  const typeId = typeof doc.typeId === 'number' && Number.isInteger(doc.typeId) && Math.abs(doc.typeId) <= 2_147_483_647 ? doc.typeId : 0;
  await db.transaction(async (tx) => {
    // A record read before and unreadable now is no longer searched by.
    await removeParagraphs(tx, doc.id);
    await tx.query(
      `insert into search_transcripts as t (id, event_id, company_id, type_id, status, attempts, failure, failed_at)
     values ($1, $2, $3, $4, 'failed', 1, $5, $6)
     on conflict (id) do update set status = 'failed', attempts = t.attempts + 1, failure = excluded.failure, failed_at = excluded.failed_at,
       updated_at = null, next_attempt_at = null, paragraphs = 0`,
      [doc.id, doc.eventId, doc.companyId, typeId, reason, now.toISOString()],
    );
  });
}

function saveOneListed(db: SearchDb, doc: ListedTranscript) {
  {
    return db.query<{ queued: boolean }>(
      `insert into search_transcripts as t (id, event_id, company_id, type_id, file_url, created_at, updated_at, edit_rank,
         event_title, event_type_id, event_date, fiscal_year, fiscal_period, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending')
       on conflict (id) do update set
         event_id = excluded.event_id, company_id = excluded.company_id, type_id = excluded.type_id, file_url = excluded.file_url,
         created_at = excluded.created_at, updated_at = excluded.updated_at, edit_rank = excluded.edit_rank,
         event_title = excluded.event_title, event_type_id = excluded.event_type_id, event_date = excluded.event_date,
         fiscal_year = excluded.fiscal_year, fiscal_period = excluded.fiscal_period,
         status = 'pending', attempts = 0, next_attempt_at = null, failure = null, failed_at = null
       where t.updated_at is distinct from excluded.updated_at or t.file_url is distinct from excluded.file_url
       returning true as queued`,
      [
        doc.id,
        doc.eventId,
        doc.companyId,
        doc.typeId,
        doc.fileUrl,
        doc.createdAt,
        doc.updatedAt,
        doc.editRank,
        doc.event?.title ?? null,
        doc.event?.typeId ?? null,
        doc.event?.date ?? null,
        doc.event?.fiscalYear ?? null,
        doc.event?.fiscalPeriod ?? null,
      ],
    );
  }
}

/** Transcripts due to be read (never tried, or due for another try), newest calls first. */
export async function duePending(db: SearchDb, now: Date, limit: number): Promise<PendingTranscript[]> {
  const rows = await db.query<{ id: string; event_id: string; company_id: string; file_url: string | null; attempts: number }>(
    `select id::text, event_id::text, company_id::text, file_url, attempts from search_transcripts
     where status = 'pending' and (next_attempt_at is null or next_attempt_at <= $1)
     order by event_date desc nulls last, id desc limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: Number(row.event_id),
    companyId: Number(row.company_id),
    fileUrl: row.file_url,
    attempts: row.attempts,
  }));
}

/** When the next transcript waiting for another try is due, if any. */
export async function nextRetryAt(db: SearchDb): Promise<Date | undefined> {
  const [row] = await db.query<{ at: string | Date | null }>(`select min(next_attempt_at) as at from search_transcripts where status = 'pending'`);
  return row?.at ? new Date(row.at) : undefined;
}

export async function saveFailure(db: SearchDb, id: number, reason: string, attempts: number, retryAt: Date | undefined, now: Date): Promise<void> {
  await db.query(`update search_transcripts set status = $2, attempts = $3, failure = $4, failed_at = $5, next_attempt_at = $6 where id = $1`, [
    id,
    retryAt ? 'pending' : 'failed',
    attempts,
    reason,
    now.toISOString(),
    retryAt?.toISOString() ?? null,
  ]);
}

interface Holder {
  id: string;
  edited: boolean;
  edit_rank: number;
  created_at: string | Date | null;
}

const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);

/** Whether transcript a should be the one a call is searched by rather than b (the app's rule). */
function outranks(a: Holder, b: Holder): boolean {
  if (a.edited !== b.edited) return a.edited;
  if (a.edit_rank !== b.edit_rank) return a.edit_rank > b.edit_rank;
  if (time(a.created_at) !== time(b.created_at)) return time(a.created_at) > time(b.created_at);
  return Number(a.id) > Number(b.id);
}

/**
 * Stores a transcript that was read. A call is searched by one transcript: the one that names its
 * speakers (the edited one) over a machine transcript, else the later published. The other stays
 * listed as superseded, without paragraphs.
 */
export function saveIndexed(db: SearchDb, id: number, transcript: Transcript, bytes: number): Promise<'indexed' | 'superseded'> {
  return db.run('saveIndexed', id, transcript, bytes);
}

/** saveIndexed's transaction, run on the engine's own thread (server/search/operations.ts). */
export async function saveIndexedHere(
  db: Pick<SearchDb, 'transaction' | 'query'>,
  id: number,
  transcript: Transcript,
  bytes: number,
): Promise<'indexed' | 'superseded'> {
  // The call's month has its partition of search_matches before the transaction (schema.ts).
  await db.query(`select search_month_partition(event_date) from search_transcripts where id = $1 and event_date is not null`, [id]);
  return db.transaction(async (tx) => {
    // Every transcript of the call is locked first: a call's raw and edited transcripts read at the
    // same time (two connections on PostgreSQL) are stored one after the other, so one supersedes
    // the other instead of both being kept.
    await tx.query(`select id from search_transcripts where event_id = (select event_id from search_transcripts where id = $1) order by id for update`, [id]);
    const [self] = await tx.query<Holder & CountedCall & { event_id: string; company_id: string }>(
      `select id::text, event_id::text, company_id::text, edit_rank, created_at, $2::boolean as edited, fiscal_year, fiscal_period, event_type_id
       from search_transcripts where id = $1`,
      [id, transcript.mapped],
    );
    if (!self) return 'superseded';
    const holders = await tx.query<Holder>(
      `select id::text, edited, edit_rank, created_at from search_transcripts where event_id = $1 and status = 'indexed' and id <> $2`,
      [self.event_id, id],
    );
    const winner = holders.find((holder) => outranks(holder, self));
    if (winner) {
      await removeParagraphs(tx, id);
      await tx.query(
        `update search_transcripts set status = 'superseded', superseded_by = $2, edited = $3, attempts = 0, failure = null, next_attempt_at = null, bytes = $4, paragraphs = 0 where id = $1`,
        [id, winner.id, transcript.mapped, bytes],
      );
      return 'superseded';
    }
    for (const loser of holders) {
      await removeParagraphs(tx, loser.id);
      await tx.query(`update search_transcripts set status = 'superseded', superseded_by = $2, paragraphs = 0 where id = $1`, [loser.id, id]);
    }
    await removeParagraphs(tx, id);
    const sections = callSections(transcript);
    const rows = transcript.paragraphs.map((paragraph, i) => {
      let offset = 0;
      const sentences = paragraph.sentences.map((sentence) => {
        const entry = [offset, sentence.index, round(sentence.start), round(sentence.end)];
        offset += sentence.text.length + 1;
        return entry;
      });
      return {
        position: paragraph.index,
        label: paragraph.speaker.label,
        detail: paragraph.speaker.detail ?? null,
        kind: paragraph.speaker.kind,
        // Role codes are plain words (SPEAKER_ROLES), so a comma joins them for one text[] parameter.
        roles: rolesOf(paragraph.speaker).join(','),
        roleBits: roleBits(rolesOf(paragraph.speaker)),
        company: paragraph.speaker.company ?? null,
        qna: sections[i] === 'qna',
        start: round(paragraph.start),
        end: round(paragraph.end),
        body: paragraph.sentences.map((sentence) => sentence.text).join(' '),
        sentences: JSON.stringify(sentences),
      };
    });
    // One statement for the whole transcript: arrays unnested into rows, joined to the call's facts,
    // written to the three tables (the call's row only when it has paragraphs, as a search finds it).
    await tx.query(
      `with call as (
         select t.id, t.event_id, t.company_id, c.country, coalesce(c.exchanges, '{}') as exchanges, t.event_type_id, t.event_date,
           t.fiscal_year, t.fiscal_period
         from search_transcripts t left join search_companies c on c.id = t.company_id
         where t.id = $1
       ),
       p as (
         select p.*, string_to_array(p.role_list, ',') as roles
         from unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::double precision[], $7::double precision[], $8::text[], $9::text[],
           $10::text[], $11::text[], $12::boolean[], $13::smallint[])
           as p(position, label, detail, kind, start_s, end_s, body, sentences, role_list, company, qna, role_bits)
       ),
       texts as (
         insert into search_paragraphs (transcript_id, position, speaker_label, speaker_detail, speaker_kind, start_s, end_s, qna, speaker_roles,
           speaker_company, body, sentences)
         select call.id, p.position, p.label, p.detail, p.kind, p.start_s, p.end_s, p.qna, p.roles, p.company, p.body, p.sentences::jsonb from call, p
       ),
       calls as (
         insert into search_calls (transcript_id, event_id, company_id, country, exchanges, event_type_id, event_date, fiscal_year, fiscal_period)
         select id, event_id, company_id, country, exchanges, event_type_id, event_date, fiscal_year, fiscal_period from call
         where exists (select from p)
       )
       insert into search_matches (transcript_id, event_id, company_id, event_date, position, event_type_id, fiscal_year, speaker_roles, qna,
         fiscal_period, country, exchanges, speaker_kind, tsv)
       select call.id, call.event_id, call.company_id, call.event_date, p.position, call.event_type_id, call.fiscal_year, p.role_bits, p.qna,
         call.fiscal_period, call.country, call.exchanges, p.kind, to_tsvector('english', p.body)
       from call, p`,
      [
        id,
        rows.map((row) => row.position),
        rows.map((row) => row.label),
        rows.map((row) => row.detail),
        rows.map((row) => row.kind),
        rows.map((row) => row.start),
        rows.map((row) => row.end),
        rows.map((row) => row.body),
        rows.map((row) => row.sentences),
        rows.map((row) => row.roles),
        rows.map((row) => row.company),
        rows.map((row) => row.qna),
        rows.map((row) => row.roleBits),
      ],
    );
    // The call's words counted under the facts its row in search_calls was just given (a call without
    // paragraphs has none, and counts nowhere).
    if (rows.length > 0) await countWords(tx, id, self, 1);
    // The call counts in its month (a call without paragraphs has no row in search_calls, and no month).
    await tx.query(
      `update search_months set calls = calls + 1
       where month = (select date_trunc('month', event_date, 'UTC') from search_calls where transcript_id = $1)`,
      [id],
    );
    await tx.query(
      `update search_transcripts set status = 'indexed', edited = $2, superseded_by = null, attempts = 0, failure = null, failed_at = null,
         next_attempt_at = null, paragraphs = $3, bytes = $4 where id = $1`,
      [id, transcript.mapped, rows.length, bytes],
    );
    return 'indexed';
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * A transcript's paragraphs and its call's row, from the three tables that hold them. A transcript
 * has paragraphs only when it has its call's row, so most (those read for the first time) stop at
 * the first delete instead of looking in every month's partition.
 */
async function removeParagraphs(tx: Pick<SearchDb, 'query'>, id: number | string): Promise<void> {
  const had = await tx.query<{ event_date: string | Date | null } & CountedCall>(
    `delete from search_calls where transcript_id = $1 returning event_date, fiscal_year, fiscal_period, event_type_id`,
    [id],
  );
  if (had.length === 0) return;
  await countWords(tx, id, had[0]!, -1);
  if (had[0]!.event_date !== null)
    await tx.query(`update search_months set calls = calls - 1 where month = date_trunc('month', $1::timestamptz, 'UTC')`, [had[0]!.event_date]);
  await tx.query(`delete from search_matches where transcript_id = $1`, [id]);
  await tx.query(`delete from search_paragraphs where transcript_id = $1`, [id]);
}

/** A call's facts its counts are kept under (search_word_periods). */
interface CountedCall {
  fiscal_year: number | null;
  fiscal_period: string | null;
  event_type_id: number | null;
}

/**
 * Adds a stored call's words to the summary's counts (`sign` 1), or takes them away before its
 * passages are removed (-1): per word, the passages of the call that say it, and the call once,
 * under its fiscal period and event type (schema.ts, search_word_periods); the word '' counts all
 * its passages. A call without a fiscal period counts nowhere. Rows are written in key order (see
 * the schema).
 */
async function countWords(tx: Pick<SearchDb, 'query'>, id: number | string, call: CountedCall, sign: 1 | -1): Promise<void> {
  if (call.fiscal_year === null || call.fiscal_period === null) return;
  await tx.query(
    `with words as (
       select w.lexeme, count(*)::integer as passages from search_matches m, unnest(m.tsv) w where m.transcript_id = $1 group by w.lexeme
       union all
       select '', count(*)::integer from search_matches m where m.transcript_id = $1
     )
     insert into search_word_periods as counted (lexeme, fiscal_year, fiscal_period, event_type_id, passages, calls)
     select words.lexeme, $3::integer, $4::text, $5::integer, $2::integer * words.passages, $2::integer
     from words order by words.lexeme
     on conflict (lexeme, fiscal_year, fiscal_period, event_type_id)
       do update set passages = counted.passages + excluded.passages, calls = counted.calls + excluded.calls`,
    [id, sign, call.fiscal_year, call.fiscal_period, call.event_type_id ?? 0],
  );
}

/**
 * After transcripts were stored: the GIN index's pending entries merged into it (every search reads
 * the pending list from end to end) and the new pages marked all-visible, tens of milliseconds after
 * a few new calls; and, when `analyze`, statistics for the planner on the tables a search plans
 * over (without them it guesses the same number of matches for every word). PostgreSQL's
 * autovacuum would do this in time; PGlite runs none, and answers nothing while it runs (in this
 * process, the event loop waits too). Analysing takes 0.7 s at 5,000 companies, and 1.6 s with the
 * text and the transcript list, which no search plans over.
 */
export async function tidy(db: SearchDb, analyze: boolean): Promise<void> {
  await db.exec(`vacuum ${analyze ? '(analyze) ' : ''}search_matches, search_calls, search_word_periods`);
  await db.exec('vacuum search_paragraphs, search_transcripts');
}

export interface IndexCounts {
  listed: number;
  indexed: number;
  superseded: number;
  pending: number;
  retrying: number;
  failed: number;
  calls: number;
  paragraphs: number;
}

export async function counts(db: SearchDb): Promise<IndexCounts> {
  const [row] = await db.query<Record<keyof IndexCounts, string>>(
    `select count(*)::text as listed,
       count(*) filter (where status = 'indexed')::text as indexed,
       count(*) filter (where status = 'superseded')::text as superseded,
       count(*) filter (where status = 'pending' and attempts = 0)::text as pending,
       count(*) filter (where status = 'pending' and attempts > 0)::text as retrying,
       count(*) filter (where status = 'failed')::text as failed,
       count(*) filter (where status = 'indexed')::text as calls,
       coalesce(sum(paragraphs), 0)::text as paragraphs
     from search_transcripts`,
  );
  const read = (key: keyof IndexCounts) => Number(row?.[key] ?? 0);
  return {
    listed: read('listed'),
    indexed: read('indexed'),
    superseded: read('superseded'),
    pending: read('pending'),
    retrying: read('retrying'),
    failed: read('failed'),
    calls: read('calls'),
    paragraphs: read('paragraphs'),
  };
}

export interface FailureRow {
  transcriptId: number;
  eventId: number;
  companyId: number;
  reason: string;
  attempts: number;
  at: string | null;
  retryAt: string | null;
}

/** Transcripts that could not be read: failed for good first, then those waiting to try again. */
export async function failures(db: SearchDb, limit: number): Promise<FailureRow[]> {
  const rows = await db.query<{
    id: string;
    event_id: string;
    company_id: string;
    failure: string;
    attempts: number;
    failed_at: string | Date | null;
    next_attempt_at: string | Date | null;
  }>(
    `select id::text, event_id::text, company_id::text, failure, attempts, failed_at, next_attempt_at from search_transcripts
     where failure is not null and status in ('failed', 'pending')
     order by (status = 'failed') desc, failed_at desc, id desc limit $1`,
    [limit],
  );
  const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => ({
    transcriptId: Number(row.id),
    eventId: Number(row.event_id),
    companyId: Number(row.company_id),
    reason: row.failure,
    attempts: row.attempts,
    at: iso(row.failed_at),
    retryAt: iso(row.next_attempt_at),
  }));
}

/**
 * The filter clauses over search_matches (alias p), each value a bound parameter. All but the
 * speaker's side and roles and the part of the call (a paragraph's, not a call's) also read
 * search_calls, which has the same columns for the call's facts.
 */
function filterClauses(filters: SearchFilters, params: unknown[]): string[] {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  if (filters.companyIds?.length) clauses.push(`p.company_id = any(${add(filters.companyIds)}::bigint[])`);
  if (filters.countries?.length) clauses.push(`p.country = any(${add(filters.countries)}::text[])`);
  if (filters.exchanges?.length) clauses.push(`p.exchanges && ${add(filters.exchanges)}::text[]`);
  if (filters.eventTypeIds?.length) clauses.push(`p.event_type_id = any(${add(filters.eventTypeIds)}::integer[])`);
  if (filters.eventIds?.length) clauses.push(`p.event_id = any(${add(filters.eventIds)}::bigint[])`);
  if (filters.from) clauses.push(`p.event_date >= ${add(filters.from)}::timestamptz`);
  if (filters.to) clauses.push(`p.event_date < ${add(filters.to)}::timestamptz`);
  if (filters.fiscalYears?.length) clauses.push(`p.fiscal_year = any(${add(filters.fiscalYears)}::integer[])`);
  if (filters.fiscalPeriods?.length) clauses.push(`p.fiscal_period = any(${add(filters.fiscalPeriods)}::text[])`);
  if (filters.quarters?.length) {
    // Each quarter is a pair (2026 Q3 is not 2026 Q2 or 2025 Q3): the calls of any pair given.
    const years = add(filters.quarters.map((quarter) => quarter.fiscalYear));
    const periods = add(filters.quarters.map((quarter) => quarter.fiscalPeriod));
    clauses.push(`(p.fiscal_year, p.fiscal_period) in (select y, f from unnest(${years}::integer[], ${periods}::text[]) as u(y, f))`);
  }
  if (filters.speakers?.length) clauses.push(`p.speaker_kind = any(${add(filters.speakers)}::text[])`);
  if (filters.roles?.length) clauses.push(`p.speaker_roles & ${add(roleBits(filters.roles))}::smallint <> 0`);
  if (filters.sections?.length) clauses.push(`p.qna = any(${add(filters.sections.map((section) => section === 'qna'))}::boolean[])`);
  return clauses;
}

/** Whether the query has any word the index keeps (not only common words such as "the"). */
export async function queryHasWords(db: SearchDb, tsquery: string): Promise<boolean> {
  const [row] = await db.query<{ nodes: number }>(`select numnode(to_tsquery('english', $1)) as nodes`, [tsquery]);
  return (row?.nodes ?? 0) > 0;
}

/** For each tsquery, whether it is made only of common words the index does not keep (so it searches for nothing). */
export async function onlyCommonWords(db: SearchDb, tsqueries: string[]): Promise<boolean[]> {
  if (tsqueries.length === 0) return [];
  const rows = await db.query<{ n: number; nodes: number }>(
    `select n::integer, numnode(to_tsquery('english', t)) as nodes from unnest($1::text[]) with ordinality as u(t, n) order by n`,
    [tsqueries],
  );
  return rows.map((row) => row.nodes === 0);
}

/**
 * The lexemes the index keeps for each word (English stemming: "margins" → margin), none for a
 * common word. Hits use them to find a phrase in a paragraph the way the index matched it.
 */
export async function lexemesOf(db: SearchDb, words: string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const rows = await db.query<{ word: string; lexemes: string[] | null }>(
    `select w as word, array(select lexeme from unnest(to_tsvector('english', w))) as lexemes from unnest($1::text[]) as u(w)`,
    [words],
  );
  return new Map(rows.map((row) => [row.word, row.lexemes ?? []]));
}

/**
 * Whether an error from the engine says the index's files are damaged: PostgreSQL's data-corrupted
 * and index-corrupted codes (XX001, XX002), a file it cannot read or find (58030, 58P01), or the
 * words PostgreSQL uses for a page it cannot trust. Everything else (a bad query, a lost
 * connection) is not damage, and never makes the index be thrown away.
 */
export function isIndexDamage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'XX001' || code === 'XX002' || code === '58030' || code === '58P01') return true;
  const message = String((error as { message?: unknown }).message ?? '');
  return /invalid page in block|could not read block|could not open file|page verification failed|index ".*" contains (unexpected zero page|corrupted page)|(missing chunk number|unexpected chunk number) .* for toast value/i.test(
    message,
  );
}

export interface CallPage {
  calls: CallHitRow[];
  totalCalls: number;
  totalHits: number;
  /**
   * Whether every matching passage was counted. When not, the search stopped after the month in
   * which it had read `readCap` passages: the totals count the calls since `since`, and older calls
   * say it too.
   */
  complete: boolean;
  /** When not complete, the start of the oldest month read (ISO); null when complete. */
  since: string | null;
}

interface Window {
  /** ISO bounds: from (inclusive), to (exclusive); `undated`: the calls without a date. */
  from?: string;
  to?: string;
  undated?: boolean;
}

interface Month {
  start: number;
  end: number;
  calls: number;
}

/**
 * The months a search may read, newest first, within the filters' dates, each with its calls; none
 * when nothing stops the search early (no cap, or a filter by company or call, which keeps the
 * matches few): then it reads everything at once.
 */
async function monthsFor(db: SearchDb, filters: SearchFilters, readCap: number): Promise<Month[] | undefined> {
  if (!Number.isFinite(readCap) || filters.companyIds?.length || filters.eventIds?.length) return undefined;
  const rows = await db.query<{ month: string | Date; calls: number }>('select month, calls from search_months order by month desc');
  const from = filters.from ? Date.parse(filters.from) : -Infinity;
  const to = filters.to ? Date.parse(filters.to) : Infinity;
  return rows
    .map((row) => {
      const start = new Date(row.month);
      return { start: start.getTime(), end: Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1), calls: row.calls };
    })
    .filter((month) => month.start < to && month.end > from);
}

/**
 * The next stretch of months to read: enough calls to reach the cap at the rate matches came so far
 * (passages per call), or, before anything was read, an eighth of the cap in calls (a word said in
 * every call is said in three or four passages of it); never more calls than `callRoom`, however
 * rare the matches (a filter that keeps few of a common word's passages still costs every one of
 * them to read). A rate of nothing yet reads up to `callRoom`.
 */
function nextWindow(months: Month[], from: number, need: number, passages: number, calls: number, callRoom: number): [Window, number] {
  const rate = calls === 0 ? 8 : passages / calls;
  const wanted = Math.min(callRoom, rate === 0 ? Infinity : (need / rate) * 1.1);
  let end = from;
  let taken = 0;
  while (end < months.length && (end === from || taken < wanted)) taken += months[end++]!.calls;
  return [{ from: new Date(months[end - 1]!.start).toISOString(), to: new Date(months[from]!.end).toISOString() }, end];
}

/**
 * Reads the matches a stretch of time at a time: everything at once when nothing stops a search
 * early (monthsFor), else the newest months first, as many at a time as nextWindow says, then the
 * calls without a date. `read` reads one stretch (windowClauses bound it) and says how many
 * passages it counted; after a stretch, once `readCap` passages or a quarter of that in calls were
 * read (a speaker or country filter keeps few of a common word's passages but costs all of them)
 * and `canStop` agrees, it stops with months left: `complete` false, `since` the start of the
 * oldest month read (or the filter's own start, when later).
 */
async function readNewestFirst(
  db: SearchDb,
  filters: SearchFilters,
  readCap: number,
  read: (window: Window) => Promise<number>,
  canStop: () => boolean,
): Promise<{ complete: boolean; since: string | null }> {
  const months = await monthsFor(db, filters, readCap);
  // Calls read before stopping even short of readCap passages: a quarter of it (5,000 calls by
  // default, about 85,000 paragraphs), which bounds what a filter by speaker or country costs.
  const callCap = readCap / 4;
  let passages = 0;
  let callsRead = 0;
  let next = 0;
  for (;;) {
    let window: Window = {};
    const first = next;
    if (months && next < months.length) {
      [window, next] = nextWindow(months, next, readCap - passages, passages, callsRead, Math.max(1, callCap - callsRead));
      for (let i = first; i < next; i++) callsRead += months[i]!.calls;
    } else if (months && !filters.from && !filters.to) window = { undated: true };
    else if (months) return { complete: true, since: null };
    passages += await read(window);
    if (!months || window.undated) return { complete: true, since: null };
    const enough = passages >= readCap || callsRead >= callCap;
    if (enough && canStop() && next < months.length)
      return {
        complete: false,
        since: filters.from && window.from && Date.parse(filters.from) > Date.parse(window.from) ? new Date(filters.from).toISOString() : (window.from ?? null),
      };
  }
}

/** A stretch's bounds as clauses over search_matches (alias p), each value a bound parameter. */
function windowClauses(window: Window, params: unknown[]): string[] {
  const clauses: string[] = [];
  if (window.undated) clauses.push('p.event_date is null');
  if (window.from) {
    params.push(window.from);
    clauses.push(`p.event_date >= $${params.length}::timestamptz`);
  }
  if (window.to) {
    params.push(window.to);
    clauses.push(`p.event_date < $${params.length}::timestamptz`);
  }
  return clauses;
}

/**
 * The calls that match, one row each with its hit count, sorted and paged. The newest stretch of
 * time is read first, then older ones, until `readCap` matching passages have been read (and, newest
 * first, until the page is full): relevance then ranks the calls read, which are the newest that
 * say it, and the totals say "at least". Without a cap (an export, a saved search's count) every
 * match is read and ranked.
 */
export async function searchCalls(
  db: SearchDb,
  tsquery: string,
  filters: SearchFilters,
  sort: SearchSort,
  offset: number,
  limit: number,
  readCap: number,
): Promise<CallPage> {
  // Each stretch answers only the calls a page could show (the first offset + limit in the page's
  // order) with its totals: stretches hold different calls, so the best of each are the best of all.
  const keep = offset + limit;
  const order = sort === 'date' ? 'c.event_date desc nulls last, c.transcript_id desc' : 'c.hits desc, c.event_date desc nulls last, c.transcript_id desc';
  const found: { id: number; date: number | null; hits: number }[] = [];
  let passages = 0;
  let matched = 0;
  const { complete, since } = await readNewestFirst(
    db,
    filters,
    readCap,
    async (window) => {
      const params: unknown[] = [tsquery];
      const clauses = ['p.tsv @@ q.q', ...filterClauses(filters, params), ...windowClauses(window, params)];
      params.push(keep);
      // Relevance is how much a call says it: the number of its passages that match (newest first
      // among equals). Counting needs no ranking function over every match, which is what keeps a
      // common word fast (ts_rank_cd over 20,000 passages took three times as long).
      const rows = await db.query<{ id: string; event_date: string | Date | null; hits: number; calls: string; passages: string }>(
        `with q as (select to_tsquery('english', $1) as q),
         calls as (
           select p.transcript_id, max(p.event_date) as event_date, count(*)::integer as hits
           from search_matches p, q where ${clauses.join(' and ')}
           group by p.transcript_id
         )
         select c.transcript_id::text as id, c.event_date, c.hits, count(*) over () as calls, sum(c.hits) over () as passages
         from calls c order by ${order} limit $${params.length}`,
        params,
      );
      for (const row of rows) found.push({ id: Number(row.id), date: row.event_date ? new Date(row.event_date).getTime() : null, hits: row.hits });
      const read = Number(rows[0]?.passages ?? 0);
      matched += Number(rows[0]?.calls ?? 0);
      passages += read;
      return read;
    },
    // Enough read, with a page to show (newest first, the page asked for; by mentions, a first
    // page: the same calls are ranked whichever page is asked).
    () => matched >= (sort === 'date' ? keep : limit),
  );
  const newest = (a: (typeof found)[number], b: (typeof found)[number]) =>
    a.date === b.date ? b.id - a.id : a.date === null ? 1 : b.date === null ? -1 : b.date - a.date;
  found.sort(sort === 'date' ? newest : (a, b) => b.hits - a.hits || newest(a, b));
  const page = found.slice(offset, offset + limit);
  const details = page.length
    ? await db.query<Record<string, unknown>>(
        `select t.id::text as transcript_id, t.event_id::text, t.type_id, t.edited, t.company_id::text, co.name as company_name, co.country,
           t.event_title, t.event_type_id, t.event_date, t.fiscal_year, t.fiscal_period
         from search_transcripts t left join search_companies co on co.id = t.company_id
         where t.id = any($1::bigint[])`,
        [page.map((call) => call.id)],
      )
    : [];
  const byId = new Map(details.map((row) => [Number(row.transcript_id), row]));
  return {
    totalCalls: matched,
    totalHits: passages,
    complete,
    since: complete ? null : since,
    calls: page.flatMap(({ id, hits }) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          eventId: Number(row.event_id),
          transcriptId: id,
          transcriptTypeId: Number(row.type_id),
          edited: Boolean(row.edited),
          hits,
          companyId: Number(row.company_id),
          companyName: (row.company_name as string | null) ?? `Company ${row.company_id}`,
          country: (row.country as string | null) ?? null,
          eventTitle: (row.event_title as string | null) ?? null,
          eventTypeId: row.event_type_id === null ? null : Number(row.event_type_id),
          eventDate: row.event_date ? new Date(row.event_date as string).toISOString() : null,
          fiscalYear: row.fiscal_year === null ? null : Number(row.fiscal_year),
          fiscalPeriod: (row.fiscal_period as string | null) ?? null,
        },
      ];
    }),
  };
}

/** The first `perCall` matching paragraphs of each of these transcripts, in time order, with the matched words marked. */
export async function paragraphHits(
  db: SearchDb,
  tsquery: string,
  filters: SearchFilters,
  transcriptIds: number[],
  perCall: number,
  /** The calls' dates, when every one has a date: only their months' partitions are looked in. */
  dates?: (string | null)[],
): Promise<ParagraphHitRow[]> {
  if (transcriptIds.length === 0) return [];
  const params: unknown[] = [tsquery, transcriptIds];
  const clauses = ['p.transcript_id = any($2::bigint[])', ...filterClauses(filters, params)];
  if (dates && dates.length > 0 && dates.every((date) => date !== null)) {
    params.push(dates);
    clauses.push(`p.event_date = any($${params.length}::timestamptz[])`);
  }
  const where = clauses.join(' and ');
  params.push(perCall, HEADLINE_OPTIONS);
  // The page's calls are few: their paragraphs are read by key and matched one by one (the CTE is
  // materialized so the planner cannot AND in the word's GIN bitmap, which for a common word lists
  // 200,000 paragraphs to keep a few hundred). Only the paragraphs shown are read from
  // search_paragraphs, by key, for their text.
  const rows = await db.query<Record<string, unknown>>(
    `with q as (select to_tsquery('english', $1) as q),
     candidates as materialized (
       select p.transcript_id, p.position, p.tsv from search_matches p where ${where}
     ),
     ranked as (
       select c.transcript_id, c.position, row_number() over (partition by c.transcript_id order by c.position) as n
       from candidates c, q where c.tsv @@ q.q
     )
     select r.transcript_id::text, r.position, x.speaker_label, x.speaker_detail, x.speaker_kind, x.speaker_roles, x.speaker_company, x.qna,
       x.start_s, x.end_s, x.body, x.sentences,
       ts_headline('english', x.body, q.q, $${params.length}) as headline
     from ranked r
     join search_paragraphs x on x.transcript_id = r.transcript_id and x.position = r.position
     cross join q
     where r.n <= $${params.length - 1}
     order by r.transcript_id, r.position`,
    params,
  );
  return rows.map((row) => ({
    transcriptId: Number(row.transcript_id),
    position: Number(row.position),
    speakerLabel: row.speaker_label as string,
    speakerDetail: (row.speaker_detail as string | null) ?? null,
    speakerKind: row.speaker_kind as SpeakerKind,
    speakerRoles: row.speaker_roles as SpeakerRole[],
    speakerCompany: (row.speaker_company as string | null) ?? null,
    section: row.qna ? 'qna' : 'prepared',
    start: Number(row.start_s),
    end: Number(row.end_s),
    body: row.body as string,
    sentences: (typeof row.sentences === 'string' ? JSON.parse(row.sentences) : row.sentences) as [number, number, number, number][],
    headline: row.headline as string,
  }));
}

export interface TermHistoryQuery {
  companyId: number;
  /** Event types the calls are of; every type when undefined. */
  eventTypeIds?: number[];
  /** ISO time: calls on or before it; every call when undefined. */
  until?: string;
  /** How many of the company's latest calls to look at. */
  calls: number;
}

export interface TermHistoryCounts {
  /** The calls looked at (fewer than asked when the index holds fewer). */
  calls: number;
  /** Per tsquery, in the order given: calls of those that match it; null for a query of only common words, which finds nothing. */
  said: (number | null)[];
}

/**
 * Of a company's latest calls in the index (those with paragraphs, newest first), how many match
 * each tsquery, a call counting when any of its paragraphs matches, as a search finds a call. One
 * statement for every term: the calls' paragraphs are read once by key (materialized, so that the
 * planner does not reach for the words' GIN bitmaps, which for a common word list most of the
 * index) and each is matched against each term.
 */
export async function termHistory(db: SearchDb, query: TermHistoryQuery, tsqueries: string[]): Promise<TermHistoryCounts> {
  const params: unknown[] = [query.companyId, query.calls, tsqueries];
  const clauses = ['c.company_id = $1::bigint'];
  if (query.eventTypeIds?.length) {
    params.push(query.eventTypeIds);
    clauses.push(`c.event_type_id = any($${params.length}::integer[])`);
  }
  if (query.until) {
    params.push(query.until);
    clauses.push(`c.event_date <= $${params.length}::timestamptz`);
  }
  const rows = await db.query<{ n: number; nodes: number; said: number; total: number }>(
    `with recent as materialized (
       select c.transcript_id from search_calls c where ${clauses.join(' and ')}
       order by c.event_date desc nulls last, c.transcript_id desc limit $2
     ),
     terms as (
       select u.n::integer as n, to_tsquery('english', u.t) as q from unnest($3::text[]) with ordinality as u(t, n)
     ),
     paragraphs as materialized (
       select m.transcript_id, m.tsv from search_matches m where m.transcript_id in (select transcript_id from recent)
     ),
     said as (
       select t.n, count(distinct p.transcript_id)::integer as said from terms t join paragraphs p on p.tsv @@ t.q
       where numnode(t.q) > 0 group by t.n
     )
     select t.n, numnode(t.q) as nodes, coalesce(s.said, 0) as said, (select count(*) from recent)::integer as total
     from terms t left join said s on s.n = t.n order by t.n`,
    params,
  );
  return {
    calls: rows[0]?.total ?? 0,
    said: rows.map((row) => (row.nodes > 0 ? Number(row.said) : null)),
  };
}

export interface QuarterCount {
  fiscalYear: number;
  fiscalPeriod: string;
  hits: number;
  calls: number;
  /** Calls indexed for that period under the same filters (the query aside). */
  searched: number;
}

export interface CompanyCount {
  companyId: number;
  name: string;
  country: string | null;
  hits: number;
  calls: number;
}

export interface Summary {
  quarters: QuarterCount[];
  companies: CompanyCount[];
  /**
   * Whether the companies count every match. A one-word chart is read from the kept counts, so
   * its companies alone would read every passage of the word: they count the newest months until
   * `readCap` passages, like a page of results, and say since when.
   */
  companiesComplete: boolean;
  companiesSince: string | null;
}

/** The filters search_word_periods can answer: those on a call's fiscal period and event type. */
const COUNTED_FILTERS = new Set<keyof SearchFilters>(['eventTypeIds', 'fiscalYears', 'fiscalPeriods', 'quarters']);

/**
 * The one word a query asks for, as the index keeps it ('margin' for "margins"), when that is all it
 * asks (no phrase, prefix, OR, NOT or NEAR), else null.
 */
async function onlyWord(db: SearchDb, tsquery: string): Promise<string | null> {
  const [row] = await db.query<{ nodes: number; text: string }>(`select numnode(q) as nodes, q::text as text from to_tsquery('english', $1) as q`, [tsquery]);
  // A lexeme is written quoted, a quote in it doubled (and a backslash, which no query keeps, escaped).
  const word = row?.nodes === 1 ? /^'((?:[^'\\]|'')+)'$/.exec(row.text) : null;
  return word ? word[1]!.replaceAll("''", "'") : null;
}

/**
 * Hits per fiscal period (passages that match, and the calls they are in, beside the calls searched)
 * and the companies with the most hits, for the same query and filters.
 *
 * A query of one word whose filters are only on the call's fiscal period and event type reads its
 * chart from the kept counts (search_word_periods) and its companies from the newest months (above);
 * any other query reads every match once for both. The two ways answer alike where both can (the
 * tests compare them with transcripts read by hand).
 */
export async function summarize(db: SearchDb, tsquery: string, filters: SearchFilters, top: number, readCap = Infinity): Promise<Summary> {
  const counted = (Object.keys(filters) as (keyof SearchFilters)[]).every((key) => COUNTED_FILTERS.has(key) || !hasValue(filters[key]));
  const word = counted ? await onlyWord(db, tsquery) : null;
  return word === null ? summarizeMatches(db, tsquery, filters, top) : summarizeCounted(db, tsquery, word, filters, top, readCap);
}

const hasValue = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '');

type PeriodRow = { fiscal_year: number; fiscal_period: string; hits: string; calls: string };
type CompanyHitRow = { company_id: string; hits: string; calls: string };

async function summarizeCounted(db: SearchDb, tsquery: string, word: string, filters: SearchFilters, top: number, readCap: number): Promise<Summary> {
  const params: unknown[] = [word];
  const clauses = filterClauses(filters, params);
  const periods = await db.query<PeriodRow & { lexeme: string }>(
    `select p.lexeme, p.fiscal_year, p.fiscal_period, sum(p.passages)::text as hits, sum(p.calls)::text as calls
     from search_word_periods p
     where p.lexeme in ($1, '') ${clauses.length ? `and ${clauses.join(' and ')}` : ''}
     group by p.lexeme, p.fiscal_year, p.fiscal_period having sum(p.calls) > 0`,
    params,
  );
  const quarters = periods.filter((row) => row.lexeme === word);
  const searched = periods.filter((row) => row.lexeme === '');
  const byCompany = new Map<string, { hits: number; calls: number }>();
  const { complete, since } = await readNewestFirst(
    db,
    filters,
    readCap,
    async (window) => {
      const windowParams: unknown[] = [tsquery];
      const where = ['p.tsv @@ q.q', ...filterClauses(filters, windowParams), ...windowClauses(window, windowParams)];
      const rows = await db.query<CompanyHitRow>(
        `with q as (select to_tsquery('english', $1) as q),
         per_call as (select p.company_id, count(*) as hits from search_matches p, q where ${where.join(' and ')} group by p.transcript_id, p.company_id)
         select company_id::text, sum(hits)::text as hits, count(*)::text as calls from per_call group by company_id`,
        windowParams,
      );
      let read = 0;
      for (const row of rows) {
        const sum = byCompany.get(row.company_id) ?? { hits: 0, calls: 0 };
        sum.hits += Number(row.hits);
        sum.calls += Number(row.calls);
        byCompany.set(row.company_id, sum);
        read += Number(row.hits);
      }
      return read;
    },
    () => byCompany.size > 0,
  );
  const companies = [...byCompany].map(([company_id, sum]) => ({ company_id, hits: String(sum.hits), calls: String(sum.calls) }));
  return { ...(await rollUp(db, quarters, searched, companies, top)), companiesComplete: complete, companiesSince: since };
}

async function summarizeMatches(db: SearchDb, tsquery: string, filters: SearchFilters, top: number): Promise<Summary> {
  const params: unknown[] = [tsquery];
  const clauses = filterClauses(filters, params);
  const where = ['p.tsv @@ q.q', ...clauses].join(' and ');
  // One pass over the matches: each call's hits first, then rolled up by period and by company. The
  // call's company and period are its row in search_calls (the same facts its paragraphs carry):
  // joining 60,000 calls costs less than carrying them through the count of 200,000 paragraphs.
  const grouped = await db.query<{
    by: 'period' | 'company';
    fiscal_year: number | null;
    fiscal_period: string | null;
    company_id: string | null;
    hits: string;
    calls: string;
  }>(
    `with q as (select to_tsquery('english', $1) as q),
     per_call as (
       select p.transcript_id, count(*) as hits from search_matches p, q where ${where} group by p.transcript_id
     )
     select case when grouping(c.company_id) = 1 then 'period' else 'company' end as by, c.fiscal_year, c.fiscal_period, c.company_id::text,
       sum(per_call.hits)::text as hits, count(*)::text as calls
     from per_call join search_calls c on c.transcript_id = per_call.transcript_id
     group by grouping sets ((c.fiscal_year, c.fiscal_period), (c.company_id))`,
    params,
  );
  const quarters = grouped.filter((row) => row.by === 'period' && row.fiscal_year !== null && row.fiscal_period !== null) as PeriodRow[];
  // The calls searched per period: the same filters without the words, over the calls that have
  // paragraphs. Without the speaker's side or role and the part of the call too: those choose
  // paragraphs within a call, not calls (a call is searched whoever speaks in it, and in its Q&A
  // whether or not its Q&A was found), so a period's "searched" is every call of it the other
  // filters keep, and its hits say how many of those mention the words where asked.
  const baseParams: unknown[] = [];
  const baseClauses = filterClauses({ ...filters, speakers: undefined, roles: undefined, sections: undefined }, baseParams);
  const searched = await db.query<PeriodRow>(
    // Distinct calls by hashing, then counted: count(distinct) would sort every call first.
    `select fiscal_year, fiscal_period, '0' as hits, count(*)::text as calls from (
       select distinct p.fiscal_year, p.fiscal_period, p.event_id
       from search_calls p where p.fiscal_year is not null and p.fiscal_period is not null
         ${baseClauses.length ? `and ${baseClauses.join(' and ')}` : ''}
     ) calls
     group by fiscal_year, fiscal_period`,
    baseParams,
  );
  const companies = grouped.filter((row) => row.by === 'company') as CompanyHitRow[];
  return { ...(await rollUp(db, quarters, searched, companies, top)), companiesComplete: true, companiesSince: null };
}

/** Both ways' counts as the summary says them: every period searched, and the top companies by name. */
async function rollUp(
  db: SearchDb,
  quarters: PeriodRow[],
  searched: PeriodRow[],
  companyRows: CompanyHitRow[],
  top: number,
): Promise<Pick<Summary, 'quarters' | 'companies'>> {
  const searchedBy = new Map(searched.map((row) => [`${row.fiscal_year}/${row.fiscal_period}`, Number(row.calls)]));
  const topCompanies = companyRows
    .sort((x, y) => Number(y.hits) - Number(x.hits) || Number(y.calls) - Number(x.calls) || Number(x.company_id) - Number(y.company_id))
    .slice(0, top);
  const names = await db.query<{ id: string; name: string; country: string | null }>(
    'select id::text, name, country from search_companies where id = any($1::bigint[])',
    [topCompanies.map((row) => Number(row.company_id))],
  );
  const nameOf = new Map(names.map((row) => [row.id, row]));
  const hitsBy = new Map(quarters.map((row) => [`${row.fiscal_year}/${row.fiscal_period}`, row]));
  const periods = new Map<string, { fiscalYear: number; fiscalPeriod: string }>();
  for (const row of [...searched, ...quarters])
    periods.set(`${row.fiscal_year}/${row.fiscal_period}`, { fiscalYear: Number(row.fiscal_year), fiscalPeriod: row.fiscal_period });
  return {
    // Every period searched, a period without a hit included: a subject that fades shows as zero.
    quarters: [...periods.entries()]
      .map(([key, period]) => {
        const hit = hitsBy.get(key);
        const calls = Number(hit?.calls ?? 0);
        return { ...period, hits: Number(hit?.hits ?? 0), calls, searched: Math.max(searchedBy.get(key) ?? 0, calls) };
      })
      .sort(compareFiscalPeriods),
    companies: topCompanies.map((row) => ({
      companyId: Number(row.company_id),
      name: nameOf.get(row.company_id)?.name ?? `Company ${row.company_id}`,
      country: nameOf.get(row.company_id)?.country ?? null,
      hits: Number(row.hits),
      calls: Number(row.calls),
    })),
  };
}

/** Bytes the index takes (tables and their indexes). */
export async function indexBytes(db: SearchDb): Promise<number> {
  const [row] = await db.query<{ bytes: string }>(
    // A partitioned table (search_matches) holds nothing itself: its months' partitions do.
    `select coalesce(sum(case when c.relkind = 'p'
         then (select sum(pg_total_relation_size(t.relid)) from pg_partition_tree(c.oid) t where t.isleaf)
         else pg_total_relation_size(c.oid) end), 0)::text as bytes
     from pg_class c
     where c.relkind in ('r', 'p') and not c.relispartition and c.relname in ('search_matches', 'search_paragraphs', 'search_calls',
       'search_transcripts', 'search_companies', 'search_months', 'search_word_periods', 'search_meta')`,
  );
  return Number(row?.bytes ?? 0);
}
