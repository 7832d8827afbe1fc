/**
 * The search index's schema, the same on PGlite and PostgreSQL. One row per transcript (with the
 * call it belongs to and how far its indexing got); for the transcript a call is searched by, one
 * row per call with its facts, and two rows per paragraph:
 * - search_matches, what a search reads: the paragraph's words (an English-stemmed tsvector with a
 *   GIN index) beside its transcript, speaker side and the call's facts every filter needs, and
 *   nothing else (the speaker's roles and the part of the call are filters too). A common word matches a paragraph on almost every page of this table, so its
 *   pages are kept few: without the text and the sentence offsets a row is under half as wide (365
 *   bytes against 807). It is partitioned by the call's month, each month with its own indexes, so a
 *   page of results reads the newest months that hold enough matches instead of every match: at
 *   5,000 companies "margin" in two months is 16,000 passages counted in 19 ms, in every month
 *   220,000 in 505 ms.
 * - search_paragraphs, what a hit shows: the text, speaker, times and sentence offsets, read by key
 *   for the few paragraphs on a page of results.
 * - search_calls, one row per call with paragraphs, with the same facts: the calls searched per
 *   period (the summary) are counted from it instead of from every paragraph.
 * - search_word_periods, the summary's chart kept as counts: for each word (lexeme), fiscal period
 *   and event type, the passages that say it and the calls they are in, written in the transaction
 *   that stores or removes a call. A one-word chart reads a few dozen of these rows instead of
 *   every passage that says it (at 5,000 companies "margin" is 215,000 passages).
 *
 * SCHEMA_VERSION changes when a table changes: an index written by another version is dropped and
 * built again (it is a cache of the upstream, never the only copy of anything), unless UPGRADES says
 * how to bring it forward.
 */

export const SCHEMA_VERSION = 5;

/**
 * What changed from each earlier version that can be brought forward in place instead of being
 * built again (store.ts, migrate): version 4 lacked search_word_periods, which is made and filled
 * from the passages already indexed (migrate makes the table from SCHEMA_SQL first). Filling it
 * reads every passage once, against reading every transcript from the data service again.
 */
export const UPGRADES: Readonly<Record<number, string>> = {
  4: `
insert into search_word_periods (lexeme, fiscal_year, fiscal_period, event_type_id, passages, calls)
select lexeme, fiscal_year, fiscal_period, event_type_id, sum(passages), count(*)
from (
  select c.transcript_id, c.fiscal_year, c.fiscal_period, coalesce(c.event_type_id, 0) as event_type_id, w.lexeme, count(*) as passages
  from search_calls c join search_matches m on m.transcript_id = c.transcript_id, unnest(m.tsv) w
  where c.fiscal_year is not null and c.fiscal_period is not null
  group by 1, 2, 3, 4, 5
  union all
  select c.transcript_id, c.fiscal_year, c.fiscal_period, coalesce(c.event_type_id, 0), '', count(*)
  from search_calls c join search_matches m on m.transcript_id = c.transcript_id
  where c.fiscal_year is not null and c.fiscal_period is not null
  group by 1, 2, 3, 4, 5
) per_call
group by lexeme, fiscal_year, fiscal_period, event_type_id;
`,
};

/**
 * The word index over search_matches.tsv, by method (SEARCH_WORD_INDEX). gin, the default, is
 * PostgreSQL's own and the only one PGlite has. rum (a PostgreSQL extension, Debian's
 * postgresql-15-rum) keeps each word's positions in the index too, so a phrase or NEAR is told from
 * the index where gin reads every candidate row's words again. Measured at 5,000 companies on a
 * PostgreSQL server, the searches as the app asks them took about as long with either (they read
 * the matching rows for their calls and dates anyway), NEAR 0.6 times as long with rum: so gin
 * stays the default (README, "A desk on a PostgreSQL server"). Either answers the same rows.
 */
export const WORD_INDEX_SQL = {
  gin: 'create index search_matches_tsv on search_matches using gin (tsv)',
  rum: 'create index search_matches_tsv on search_matches using rum (tsv rum_tsvector_ops)',
} as const;
export type WordIndexMethod = keyof typeof WORD_INDEX_SQL;

export const DROP_SQL = `
drop table if exists search_paragraphs;
drop table if exists search_word_periods;
drop table if exists search_matches;
drop table if exists search_months;
drop function if exists search_month_partition(timestamptz);
drop table if exists search_calls;
drop table if exists search_transcripts;
drop table if exists search_companies;
drop table if exists search_meta;
`;

export const SCHEMA_SQL = `
create table if not exists search_meta (
  key text primary key,
  value jsonb not null
);

create table if not exists search_companies (
  id bigint primary key,
  name text not null,
  country text,
  exchanges text[] not null default '{}'
);

create table if not exists search_transcripts (
  id bigint primary key,
  event_id bigint not null,
  company_id bigint not null,
  type_id integer not null,
  file_url text,
  created_at timestamptz,
  updated_at timestamptz,
  event_title text,
  event_type_id integer,
  event_date timestamptz,
  fiscal_year integer,
  fiscal_period text,
  -- pending | indexed | superseded | failed
  status text not null default 'pending',
  -- set once read: whether the file names its speakers (the edited transcript)
  edited boolean not null default false,
  -- how edited the type's name reads (src/lib/transcript-records.ts): 2 edited, 1 plain, 0 raw
  edit_rank integer not null default 1,
  superseded_by bigint,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  failure text,
  failed_at timestamptz,
  paragraphs integer not null default 0,
  bytes integer
);
create index if not exists search_transcripts_status on search_transcripts (status, next_attempt_at);
create index if not exists search_transcripts_event on search_transcripts (event_id);

create table if not exists search_calls (
  transcript_id bigint primary key,
  event_id bigint not null,
  company_id bigint not null,
  country text,
  exchanges text[] not null default '{}',
  event_type_id integer,
  event_date timestamptz,
  fiscal_year integer,
  fiscal_period text
);
-- A company's latest calls (the comparison's term history): at 61,000 calls, p50 7.5 -> 0.3 ms.
create index if not exists search_calls_company on search_calls (company_id, event_date desc nulls last, transcript_id desc);

-- Fixed-width columns first, so no row carries alignment padding. One partition per calendar month
-- of the call's date (UTC), made by search_month_partition before a call of a new month is stored,
-- and one for calls without a date. A search reads the newest months first and can stop there
-- (store.ts, searchCalls): each month has its own word index, so a word said in every call costs a
-- month's share of its matches, not all of them. No primary key (it would have to hold the date):
-- a transcript's rows are deleted before they are written, in one transaction.
create table if not exists search_matches (
  transcript_id bigint not null,
  event_id bigint not null,
  company_id bigint not null,
  event_date timestamptz,
  position integer not null,
  event_type_id integer,
  fiscal_year integer,
  -- the speaker's roles (speakerRoles: cfo, analyst…) as bits, bit i for SPEAKER_ROLES[i] (store.ts,
  -- roleBits): two bytes where a text[] of one role takes 31, a tenth of the row
  speaker_roles smallint not null,
  -- the paragraph's part of the call (src/lib/transcript/sections.ts): true the Q&A, false the prepared
  -- remarks; one byte where 'prepared' would take nine on every row
  qna boolean not null,
  fiscal_period text,
  country text,
  exchanges text[] not null default '{}',
  speaker_kind text not null,
  tsv tsvector not null
) partition by range (event_date);
create table if not exists search_matches_undated partition of search_matches default;
create index if not exists search_matches_key on search_matches (transcript_id, position);
-- The word index, search_matches_tsv, is made after this (store.ts, ensureWordIndex): gin, or rum on a
-- PostgreSQL server that has that extension.
create index if not exists search_matches_date on search_matches (event_date);
create index if not exists search_matches_company on search_matches (company_id);

-- The months search_matches has a partition for, with the calls of each that have paragraphs (kept
-- by the transaction that stores or removes a call): a search steps through them newest first, and
-- reads as many months at a time as it expects to need (store.ts, nextWindow).
create table if not exists search_months (
  month timestamptz primary key,
  calls integer not null default 0
);

-- The month's partition of search_matches, made when missing (names and bounds quoted by format,
-- from the month alone). Its own statement, outside the transaction that stores the call: making a
-- partition locks the whole table for a moment, and must not wait inside a transaction that holds
-- other locks. The advisory lock keeps two connections from making the same one.
create or replace function search_month_partition(at timestamptz) returns void language plpgsql as $fn$
declare
  lo timestamptz := date_trunc('month', at, 'UTC');
  name text := 'search_matches_' || to_char(lo at time zone 'UTC', 'YYYY_MM');
begin
  if exists (select from search_months where month = lo) then return; end if;
  perform pg_advisory_xact_lock(hashtext('search_month_partition'));
  if to_regclass(name) is null then
    execute format('create table %I partition of search_matches for values from (%L) to (%L)', name, lo, lo + interval '1 month');
  end if;
  insert into search_months (month) values (lo) on conflict do nothing;
end
$fn$;

-- The summary's chart as counts (see above): per word, fiscal period and event type (0 for a call
-- without one), the passages that say the word and the calls they are in; the word '' counts every
-- passage and call, the "calls searched" of each period. Only calls with a fiscal period count (the
-- chart has nowhere to put the others). Rows are added to, and taken from, in key order by the
-- transaction that stores or removes a call (store.ts, countWords), so two connections storing calls
-- of one period wait for each other instead of deadlocking.
create table if not exists search_word_periods (
  lexeme text not null,
  fiscal_year integer not null,
  fiscal_period text not null,
  event_type_id integer not null,
  passages integer not null,
  calls integer not null,
  primary key (lexeme, fiscal_year, fiscal_period, event_type_id)
);

create table if not exists search_paragraphs (
  transcript_id bigint not null,
  position integer not null,
  speaker_label text not null,
  speaker_detail text,
  speaker_kind text not null,
  start_s double precision not null,
  end_s double precision not null,
  qna boolean not null,
  -- what a hit shows: the roles by name, read by key for the few hits shown
  speaker_roles text[] not null,
  -- the company the speaker speaks for (an analyst's firm), from the mapping
  speaker_company text,
  body text not null,
  -- one [character offset, sentence index, start, end] per sentence of body
  sentences jsonb not null,
  primary key (transcript_id, position)
);
`;
