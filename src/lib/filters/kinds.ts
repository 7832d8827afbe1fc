import { readCountry } from './countries.ts';
import { readIsin } from './isin.ts';
import { readFiscalQuarter } from '../fiscal-quarters.ts';
import { CALL_SECTIONS, SPEAKER_ROLES } from '../transcript/roles.ts';

/** What the items of a list filter are. */
export type ListKind =
  | 'countries'
  | 'exchanges'
  | 'tickers'
  | 'isins'
  | 'companyIds'
  | 'eventIds'
  | 'documentTypeIds'
  | 'documentGroupIds'
  | 'documentKinds'
  | 'eventFamilies'
  | 'eventTypeIds'
  | 'speakerSides'
  | 'speakerRoles'
  | 'callSections'
  | 'fiscalQuarters';

/** Kinds whose items the API takes as numbers. */
export const NUMERIC_KINDS: ReadonlySet<ListKind> = new Set(['companyIds', 'eventIds', 'documentTypeIds', 'documentGroupIds', 'eventTypeIds']);

const positiveId = (item: string) => (/^[1-9]\d{0,15}$/.test(item) && Number.isSafeInteger(Number(item)) ? item : null);

/** One item of a list, cleaned (upper-cased where the code is), or null when it cannot be one. */
export const READ_ITEM: Record<ListKind, (item: string) => string | null> = {
  countries: readCountry,
  exchanges: (item) => (/^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$/.test(item) ? item : null),
  tickers: (item) => (/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,23}$/.test(item) ? item.toUpperCase() : null),
  isins: readIsin,
  companyIds: positiveId,
  eventIds: positiveId,
  documentTypeIds: positiveId,
  // The contract's six document groups (1 Earnings Release … 6 Registration Statement).
  documentGroupIds: (item) => (/^[1-6]$/.test(item) ? item : null),
  // What kind of document, as lib/document-kinds.ts sorts them.
  documentKinds: (item) => oneOf(['reports', 'releases', 'slides', 'transcripts'], item),
  // A family of event types by its key (lib/event-families.ts): "earnings-call".
  eventFamilies: (item) => (/^[a-z0-9]+(?:-[a-z0-9]+){0,9}$/i.test(item) && item.length <= 60 ? item.toLowerCase() : null),
  eventTypeIds: positiveId,
  // Who speaks in a transcript passage: the company's executives or the analysts (transcript search).
  speakerSides: (item) => (/^(executive|analyst)$/i.test(item) ? item.toLowerCase() : null),
  // Who a speaker is on the call (lib/transcript/speakers.ts): "cfo", "analyst".
  speakerRoles: (item) => oneOf(SPEAKER_ROLES, item),
  // The part of the call: "prepared" remarks or "qna".
  callSections: (item) => oneOf(CALL_SECTIONS, item),
  // A fiscal quarter: "2026-Q3".
  fiscalQuarters: readFiscalQuarter,
};

function oneOf(values: readonly string[], item: string): string | null {
  const value = item.toLowerCase();
  return values.includes(value) ? value : null;
}

/** What to tell someone who typed an item of this kind that cannot be used. */
export const KIND_PROBLEM: Record<ListKind | 'date', string> = {
  countries: 'Choose countries from the list.',
  exchanges: 'Choose exchanges from the list.',
  tickers: 'Use letters, digits, dots, slashes or dashes, separated by commas.',
  isins: 'Use twelve-character ISINs with their check digit, e.g. US0378331005.',
  companyIds: 'Choose companies by name from the list.',
  eventIds: 'Open the list from an event page to filter by that event.',
  documentTypeIds: 'Choose document types from the list.',
  documentGroupIds: 'Choose document groups from the list.',
  documentKinds: 'Choose kinds from the list.',
  eventFamilies: 'Choose event types from the list.',
  eventTypeIds: 'Choose event types from the list.',
  speakerSides: 'Choose executives or analysts.',
  speakerRoles: 'Choose roles from the list.',
  callSections: 'Choose prepared remarks or Q&A.',
  fiscalQuarters: 'Use quarters such as 2026-Q3.',
  date: 'Use a date such as 2026-11-21.',
};
