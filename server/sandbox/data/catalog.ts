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

export const EVENT_TYPE = {
  earningsCall: 1,
  capitalMarketsDay: 3,
  annualGeneralMeeting: 5,
  conferencePresentation: 7,
  mergerCall: 8,
} as const;

export const EVENT_TYPES: readonly EventTypeRecord[] = [
  { id: 1, name: 'Earnings Call', parent: 'Earnings' },
  { id: 2, name: 'Trading Update', parent: 'Earnings' },
  { id: 3, name: 'Capital Markets Day', parent: 'Investor Relations' },
  { id: 4, name: 'Investor Day', parent: 'Investor Relations' },
  { id: 5, name: 'Annual General Meeting', parent: 'Shareholder Meeting' },
  { id: 6, name: 'Extraordinary General Meeting', parent: 'Shareholder Meeting' },
  { id: 7, name: 'Conference Presentation', parent: 'Conference' },
  { id: 8, name: 'M&A Call', parent: 'Corporate Action' },
].map((type) => ({ ...type, createdAt: CATALOG_CREATED, updatedAt: type.id === 7 ? CATALOG_UPDATED : CATALOG_CREATED }));

export const DOCUMENT_GROUPS: Readonly<Record<number, string>> = {
  1: 'Earnings Release',
  2: 'Press Release',
  3: 'Interim Report',
  4: 'Annual Report',
  5: 'Proxy Statement',
  6: 'Registration Statement',
};

export const DOC_TYPE = {
  earningsRelease: 1,
  earningsPresentation: 2,
  pressRelease: 3,
  quarterlyReport: 4,
  interimReport: 5,
  annualReport: 6,
  annualReportIfrs: 7,
  proxyStatement: 8,
  registrationStatement: 9,
  rawTranscript: 10,
  editedTranscript: 11,
} as const;

export const TRANSCRIPT_TYPE_IDS: ReadonlySet<number> = new Set([DOC_TYPE.rawTranscript, DOC_TYPE.editedTranscript]);

export const DOCUMENT_TYPES: readonly DocumentTypeRecord[] = [
  {
    id: 1,
    name: 'Earnings Release',
    category: 'Financial Results',
    form: 'EX-99.1',
    documentGroupId: 1,
    description: 'Press release announcing quarterly or annual financial results.',
  },
  {
    id: 2,
    name: 'Earnings Presentation',
    category: 'Financial Results',
    form: 'Slides',
    documentGroupId: 1,
    description: 'Slide deck presented on the earnings call.',
  },
  {
    id: 3,
    name: 'Press Release',
    category: 'Corporate News',
    form: 'PR',
    documentGroupId: 2,
    description: 'Company announcement outside the results calendar.',
  },
  {
    id: 4,
    name: 'Quarterly Report',
    category: 'Periodic Report',
    form: '10-Q',
    documentGroupId: 3,
    description: 'Quarterly financial report filed with the regulator.',
  },
  { id: 5, name: 'Interim Report', category: 'Periodic Report', form: 'Interim', documentGroupId: 3, description: 'Interim (quarterly or half-year) report.' },
  {
    id: 6,
    name: 'Annual Report',
    category: 'Periodic Report',
    form: '10-K',
    documentGroupId: 4,
    description: 'Annual report with audited financial statements.',
  },
  {
    id: 7,
    name: 'Annual Report (IFRS)',
    category: 'Periodic Report',
    form: 'AR',
    documentGroupId: 4,
    description: 'Annual report with IFRS financial statements, published in the home market.',
  },
  {
    id: 8,
    name: 'Proxy Statement',
    category: 'Governance',
    form: 'DEF 14A',
    documentGroupId: 5,
    description: 'Notice and proxy materials for a shareholder meeting.',
  },
  {
    id: 9,
    name: 'Registration Statement',
    category: 'Capital Markets',
    form: 'S-3',
    documentGroupId: 6,
    description: 'Registration of securities for an offering.',
  },
  {
    id: 10,
    name: 'Transcript (Raw)',
    category: 'Transcript',
    form: 'Transcript',
    documentGroupId: 1,
    description: 'Machine transcript of the event audio, published shortly after the event.',
  },
  {
    id: 11,
    name: 'Transcript (Edited)',
    category: 'Transcript',
    form: 'Transcript',
    documentGroupId: 1,
    description: 'Edited transcript with speakers identified.',
  },
].map((type) => ({ ...type, createdAt: CATALOG_CREATED, updatedAt: CATALOG_CREATED }));

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
