/**
 * How the app names things on screen, in the analyst's terms: "Q2 2026 earnings call · 4:10", not
 * "Recording 6636"; "Annual report (10-K)", not four rows of type, category, form and group; "MP3",
 * not "audio/mpeg 7bit". Ids never reach the screen: a missing name reads as what the thing is.
 */
import { formatDuration, textOr } from './format.ts';

/** What an event, or the event summary embedded in a recording or document, offers for its name. */
export interface NamedEvent {
  title?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
}

/** An event type record (endpoint 5), or as much of it as is known. */
export interface NamedEventType {
  name?: string | null;
  parent?: string | null;
}

/** A company record, or as much of it as is known. */
export interface NamedCompany {
  displayName?: string | null;
  name?: string | null;
}

/** A document type record (endpoint 13), or as much of it as is known. */
export interface NamedDocumentType {
  name?: string | null;
  form?: string | null;
}

export const UNTITLED_EVENT = 'Untitled event';

const EARNINGS_CALL = /earnings\s+call/i;
const PERIOD = /^(?:Q[1-4]|H[12]|FY|9M)$/i;

/**
 * Whether the type is an earnings call. The service's catalog names the sub-type ("Q2") under the
 * family "Earnings Call"; a flatter catalog names the type itself "Earnings Call". Both count.
 */
export function isEarningsCall(type: NamedEventType | null | undefined): boolean {
  return EARNINGS_CALL.test(type?.parent ?? '') || EARNINGS_CALL.test(type?.name ?? '');
}

/** A fiscal period as written in reports ("Q2", "H1", "FY"), or undefined when there is none. */
function period(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return PERIOD.test(text) ? text.toUpperCase() : text;
}

/** The fiscal period and year of an event: "Q2 2026", "2026", "Q2" or "" when neither is known. */
export function fiscalLabel(event: NamedEvent | null | undefined): string {
  return [period(event?.fiscalPeriod), event?.fiscalYear ?? undefined].filter((part) => part !== undefined).join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A title without the company name it starts with, for places that show the company beside it:
 * "Acme Corp: Capital Markets Day 2026" → "Capital Markets Day 2026", "Acme at the Nordic Investor
 * Week" → "Nordic Investor Week". A title that is only the company name, or that does not start
 * with it, is returned as it is.
 */
export function withoutCompany(title: string, company: NamedCompany | null | undefined): string {
  const names = [company?.displayName, company?.name]
    .map((name) => name?.trim())
    .filter((name): name is string => !!name)
    .sort((a, b) => b.length - a.length);
  for (const name of names) {
    const match = new RegExp(`^${escapeRegExp(name)}(?:['’]s\\s+|\\s*[:|·,–—-]\\s*|\\s+at\\s+(?:the\\s+)?|\\s+)`, 'i').exec(title);
    if (match && match[0].length < title.length) return capitalise(title.slice(match[0].length).trim());
  }
  return title;
}

/**
 * The name of an event as an analyst says it. An earnings call is "Q2 2026 earnings call" (from
 * its fiscal period and year, whatever its title); any other event is its title, without the
 * company's name when the company is shown beside it; else its type ("Capital markets day");
 * else "Untitled event".
 */
export function eventName(event: NamedEvent | null | undefined, options: { type?: NamedEventType | null; company?: NamedCompany | null } = {}): string {
  const { type, company } = options;
  if (isEarningsCall(type)) {
    // The service's sub-type is the period ("Q2") when the event itself does not say.
    const fiscal = fiscalLabel({ fiscalYear: event?.fiscalYear, fiscalPeriod: event?.fiscalPeriod ?? (PERIOD.test(type?.name ?? '') ? type?.name : null) });
    return fiscal ? `${fiscal} earnings call` : 'Earnings call';
  }
  const title = event?.title?.trim();
  if (title) return company ? withoutCompany(title, company) : title;
  const typeName = eventTypeName(type);
  return typeName ?? UNTITLED_EVENT;
}

/**
 * An event type as a reader names it: "Q2 earnings call" for the service's sub-type "Q2" of
 * "Earnings Call", "Earnings call" for a flat "Earnings Call", otherwise its own name. Undefined
 * while the type is not known.
 */
export function eventTypeName(type: NamedEventType | null | undefined): string | undefined {
  const name = type?.name?.trim();
  if (!name) return type?.parent?.trim() || undefined;
  if (EARNINGS_CALL.test(type?.parent ?? '') && !EARNINGS_CALL.test(name)) return `${period(name) ?? name} earnings call`;
  // An acronym of its family ("CMD" under "Capital Markets Day", "AGM") reads as the family's name.
  const parent = type?.parent?.trim();
  if (parent && isAcronymOf(name, parent)) return sentenceCase(parent);
  return capitalise(name.toLowerCase() === name.toUpperCase() ? name : sentenceCase(name));
}

/** "CMD" for "Capital Markets Day", "AGM" for "Annual General Meeting". */
function isAcronymOf(name: string, family: string): boolean {
  if (!/^[A-Z&]{2,6}$/.test(name)) return false;
  const initials = family
    .split(/[\s/-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return initials === name.replace(/&/g, '');
}

/** "Capital Markets Day" → "Capital markets day"; acronyms ("AGM", "ESG", "M&A") kept. */
function sentenceCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word, index) => (index === 0 || /^[A-Z0-9&/.-]+$/.test(word) || /[A-Z].*[A-Z]/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** A recording as a list or the player names it: "Q2 2026 earnings call · 4:10". */
export function recordingName(
  event: NamedEvent | null | undefined,
  options: { type?: NamedEventType | null; company?: NamedCompany | null; duration?: number | null } = {},
): string {
  const name = eventName(event, options);
  const length = formatDuration(options.duration);
  return options.duration != null && length !== '—' ? `${name} · ${length}` : name;
}

const AUDIO_FORMATS: Record<string, string> = {
  'audio/mpeg': 'MP3',
  'audio/mp3': 'MP3',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/aac': 'AAC',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/ogg': 'Ogg',
  'audio/webm': 'WebM',
  'audio/flac': 'FLAC',
};

/** The format of an audio file as people call it ("MP3"), from its mime type; "Audio" when unknown. */
export function audioFormat(mimetype: string | null | undefined): string {
  return AUDIO_FORMATS[mimetype?.trim().toLowerCase() ?? ''] ?? 'Audio';
}

/** "MP3, 4:10", or "MP3" when the duration is not known. */
export function audioFileLabel(meta: { mimetype?: string | null; duration?: number | null } | null | undefined): string {
  const format = audioFormat(meta?.mimetype);
  const length = formatDuration(meta?.duration);
  return length === '—' ? format : `${format}, ${length}`;
}

/** Filing forms a reader recognises; other `form` values ("AR", "EX-99.1") are internal codes. */
const MEANINGFUL_FORM = /^(?:10-K|10-Q|20-F|40-F|6-K|8-K|S-1|S-4|F-1|F-4|DEF 14A|424B[1-8])$/i;

/** The form of a document type when it means something to a reader ("10-K"), else undefined. */
export function meaningfulForm(type: NamedDocumentType | null | undefined): string | undefined {
  const form = type?.form?.trim();
  return form && MEANINGFUL_FORM.test(form) ? form.toUpperCase() : undefined;
}

/** A document type once: "Annual report (10-K)", "Transcript", "Document" while unknown. */
export function documentTypeLabel(type: NamedDocumentType | null | undefined): string {
  const name = textOr(type?.name, 'Document');
  const form = meaningfulForm(type);
  return form && !name.toUpperCase().includes(form) ? `${name} (${form})` : name;
}
