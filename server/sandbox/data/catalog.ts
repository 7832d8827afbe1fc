/** Fixed reference data: event types, document types and document groups. */

export interface EventTypeRecord {
  id: number;
  name: string;
  parent: string;
  createdAt: number;
  updatedAt: number;
}

export interface DocumentTypeRecord {
  id: number;
  name: string;
  category: string;
  description: string;
  form: string;
  documentGroupId: number;
  createdAt: number;
  updatedAt: number;
}

const CATALOG_CREATED = Date.UTC(2021, 2, 1, 9, 0, 0);
const CATALOG_UPDATED = Date.UTC(2023, 8, 12, 14, 30, 0);

/**
 * The real service's catalog (README, "The sandbox"): the same ids,
 * names and parents, so clients written against the service (`typeIds=15,22`, the earnings-call
 * types 26–29, 35, 36) get the same answers from the sandbox.
 */
export const EVENT_TYPE = {
  earningsQ1: 26,
  earningsQ2: 27,
  earningsQ3: 28,
  earningsQ4: 29,
  earningsH1: 35,
  earningsH2: 36,
  capitalMarketsDay: 2,
  annualGeneralMeeting: 4,
  investorDay: 31,
  conference: 237,
  mergerAnnouncement: 17,
  tradingUpdate: 202,
} as const;

/** The earnings-call type of a fiscal quarter (0-based). */
export const EARNINGS_CALL_TYPES: readonly number[] = [EVENT_TYPE.earningsQ1, EVENT_TYPE.earningsQ2, EVENT_TYPE.earningsQ3, EVENT_TYPE.earningsQ4];
const EARNINGS_CALL_IDS: ReadonlySet<number> = new Set([...EARNINGS_CALL_TYPES, EVENT_TYPE.earningsH1, EVENT_TYPE.earningsH2]);

export function isEarningsCallType(typeId: number): boolean {
  return EARNINGS_CALL_IDS.has(typeId);
}

const EVENT_TYPE_ROWS: readonly [id: number, name: string, parent: string][] = [
  [2, 'CMD', 'Capital Markets Day'],
  [4, 'AGM', 'Annual General Meeting'],
  [6, 'EGM', 'Extraordinary General Meeting'],
  [8, 'Guidance', 'Outlook / Guidance Update'],
  [10, 'Partnership', 'Partnerships / Collaborations'],
  [11, 'Collaboration', 'Partnerships / Collaborations'],
  [12, 'Fireside Chat', 'Fireside Chat'],
  [13, 'C-level Sitdown', 'C-level Sitdown'],
  [14, 'CEO Sitdown', 'C-level Sitdown'],
  [17, 'M&A Announcement', 'M&A Announcement'],
  [18, 'Capital Raise', 'Capital Raise'],
  [19, 'FDA Announcement', 'FDA Announcement'],
  [21, 'Status Update', 'Update / Briefing'],
  [23, 'Product Launch', 'Product / Service Launch'],
  [24, 'Service Launch', 'Product / Service Launch'],
  [26, 'Q1', 'Earnings Call'],
  [27, 'Q2', 'Earnings Call'],
  [28, 'Q3', 'Earnings Call'],
  [29, 'Q4', 'Earnings Call'],
  [31, 'Investor Day', 'Investor Day'],
  [32, 'Business Combination', 'Business Combination'],
  [33, 'Analyst Day', 'Analyst Day'],
  [35, 'H1', 'Earnings Call'],
  [36, 'H2', 'Earnings Call'],
  [202, 'Trading Update', 'Trading Update'],
  [237, 'Conference', 'Conference'],
  [239, 'Investor Update', 'Update / Briefing'],
  [240, 'ESG Update', 'Update / Briefing'],
  [275, 'Investor Presentation', 'Slides'],
  [279, 'Corporate Presentation', 'Slides'],
  [280, 'Study Update', 'Update / Briefing'],
  [281, 'Study Result', 'Update / Briefing'],
  [283, 'Company Presentation', 'Slides'],
  [284, 'Scheme Meeting', 'Annual General Meeting'],
  [285, 'KOL Event', 'Update / Briefing'],
];

/** Sorted by id, as the service lists them. */
export const EVENT_TYPES: readonly EventTypeRecord[] = EVENT_TYPE_ROWS.map(([id, name, parent]) => ({
  id,
  name,
  parent,
  createdAt: CATALOG_CREATED,
  updatedAt: id === EVENT_TYPE.conference ? CATALOG_UPDATED : CATALOG_CREATED,
}));

export const DOCUMENT_GROUPS: Readonly<Record<number, string>> = {
  1: 'Earnings Release',
  2: 'Press Release',
  3: 'Interim Report',
  4: 'Annual Report',
  5: 'Proxy Statement',
  6: 'Registration Statement',
};

export const DOC_TYPE = {
  slides: 5,
  report: 6,
  quarterlyReport10Q: 7,
  earningsRelease8K: 10,
  annualReport10K: 11,
  annualReport: 12,
  annualReport20F: 13,
  earningsRelease6K: 14,
  transcript: 15,
  interimReport: 17,
  annualReport40F: 18,
  pressRelease: 19,
  earningsRelease: 20,
  inHouseTranscript: 22,
} as const;

/**
 * The two transcript types the transcript endpoints serve: the in-house one is the machine
 * transcript published shortly after the call; "Transcript" is the edited one, with speakers.
 */
export const RAW_TRANSCRIPT_TYPE = DOC_TYPE.inHouseTranscript;
export const EDITED_TRANSCRIPT_TYPE = DOC_TYPE.transcript;
export const TRANSCRIPT_TYPE_IDS: ReadonlySet<number> = new Set([RAW_TRANSCRIPT_TYPE, EDITED_TRANSCRIPT_TYPE]);

const ANNUAL_REPORT_TYPES: ReadonlySet<number> = new Set([DOC_TYPE.annualReport10K, DOC_TYPE.annualReport, DOC_TYPE.annualReport20F, DOC_TYPE.annualReport40F]);
const EARNINGS_RELEASE_TYPES: ReadonlySet<number> = new Set([DOC_TYPE.earningsRelease8K, DOC_TYPE.earningsRelease6K, DOC_TYPE.earningsRelease]);

export function isAnnualReportType(typeId: number): boolean {
  return ANNUAL_REPORT_TYPES.has(typeId);
}

export function isEarningsReleaseType(typeId: number): boolean {
  return EARNINGS_RELEASE_TYPES.has(typeId);
}

const DOCUMENT_TYPE_ROWS: readonly Omit<DocumentTypeRecord, 'createdAt' | 'updatedAt'>[] = [
  { id: 5, name: 'Slides', category: 'Presentation', form: '', documentGroupId: 1, description: 'Slide deck presented at the event.' },
  { id: 6, name: 'Report', category: 'Report', form: '', documentGroupId: 5, description: 'Report or notice published for the event.' },
  { id: 7, name: 'Quarterly report', category: 'Periodic report', form: '10-Q', documentGroupId: 3, description: 'Quarterly report filed with the SEC.' },
  {
    id: 10,
    name: 'Earnings release',
    category: 'Financial results',
    form: '8-K',
    documentGroupId: 1,
    description: 'Results announcement furnished to the SEC.',
  },
  { id: 11, name: 'Annual report', category: 'Periodic report', form: '10-K', documentGroupId: 4, description: 'Annual report filed with the SEC.' },
  { id: 12, name: 'Annual report', category: 'Periodic report', form: '', documentGroupId: 4, description: 'Annual report published in the home market.' },
  {
    id: 13,
    name: 'Annual report',
    category: 'Periodic report',
    form: '20-F',
    documentGroupId: 4,
    description: 'Annual report of a foreign private issuer filed with the SEC.',
  },
  {
    id: 14,
    name: 'Earnings release',
    category: 'Financial results',
    form: '6-K',
    documentGroupId: 1,
    description: 'Results announcement of a foreign private issuer furnished to the SEC.',
  },
  {
    id: 15,
    name: 'Transcript',
    category: 'Transcript',
    form: '',
    documentGroupId: 1,
    description: 'Edited transcript of the event, with speakers identified.',
  },
  { id: 17, name: 'Interim report', category: 'Periodic report', form: '', documentGroupId: 3, description: 'Interim (quarterly or half-year) report.' },
  {
    id: 18,
    name: 'Annual report',
    category: 'Periodic report',
    form: '40-F',
    documentGroupId: 4,
    description: 'Annual report of a Canadian issuer filed with the SEC.',
  },
  { id: 19, name: 'Press release', category: 'Corporate news', form: '', documentGroupId: 2, description: 'Company announcement.' },
  { id: 20, name: 'Earnings release', category: 'Financial results', form: '', documentGroupId: 1, description: 'Results announcement.' },
  {
    id: 22,
    name: 'In-house transcript',
    category: 'Transcript',
    form: '',
    documentGroupId: 1,
    description: 'Machine transcript of the event audio, published shortly after the event.',
  },
];

/** Sorted by id, as the service lists them. A type filed with no regulator's form carries its own name as its form. */
export const DOCUMENT_TYPES: readonly DocumentTypeRecord[] = DOCUMENT_TYPE_ROWS.map((type) => ({
  ...type,
  form: type.form || type.name,
  createdAt: CATALOG_CREATED,
  updatedAt: CATALOG_CREATED,
}));

const EVENT_TYPE_BY_ID = new Map(EVENT_TYPES.map((type) => [type.id, type]));
const DOCUMENT_TYPE_BY_ID = new Map(DOCUMENT_TYPES.map((type) => [type.id, type]));

export function eventTypeById(id: number): EventTypeRecord | undefined {
  return EVENT_TYPE_BY_ID.get(id);
}

export function documentTypeById(id: number): DocumentTypeRecord | undefined {
  return DOCUMENT_TYPE_BY_ID.get(id);
}

export const LIVE_STATES = {
  notLive: 'notLive',
  willBeLive: 'willBeLive',
  live: 'live',
  processingRecording: 'processingRecording',
  recordingAvailable: 'recordingAvailable',
  liveFailedInterrupted: 'liveFailedInterrupted',
  liveFailedNoAccess: 'liveFailedNoAccess',
  liveFailedNotStarted: 'liveFailedNotStarted',
  processingRecordingFailed: 'processingRecordingFailed',
} as const;
export type LiveState = (typeof LIVE_STATES)[keyof typeof LIVE_STATES];

/** Final states of past events, indexed by the code stored in the events table. */
export const FINAL_STATES: readonly LiveState[] = [
  'recordingAvailable',
  'liveFailedInterrupted',
  'liveFailedNoAccess',
  'liveFailedNotStarted',
  'processingRecordingFailed',
];
