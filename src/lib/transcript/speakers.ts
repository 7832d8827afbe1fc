import type { SpeakerMapping } from './schema.ts';
import type { SpeakerRole } from './roles.ts';

export { CALL_SECTION_LABELS, CALL_SECTIONS, SPEAKER_ROLE_LABELS, SPEAKER_ROLES, type CallSection, type SpeakerRole } from './roles.ts';

/**
 * The one rule for naming speakers, on every page and in every export. A mapped speaker (edited
 * transcripts) is called by name, else by role ("Operator"); the role (after a name) and the
 * company are the detail. Anyone else is "Speaker N", numbered in the order they first speak.
 * A paragraph with no speaker id at all is "Unknown speaker".
 */

export interface TranscriptSpeaker {
  /** The speaker id in the file; null when the file does not say. */
  id: number | null;
  /** What to call them: name, else role, else "Speaker N". */
  label: string;
  /** Role (after a name) and company, e.g. "Chief Executive Officer, Acme". */
  detail?: string;
  /** The role as the mapping writes it ("Chief Financial Officer"); what speakerRoles reads. */
  role?: string;
  /** The company they speak for, from the mapping: an analyst's firm, or the reporting company. */
  company?: string;
  /** Whether the file's speaker mapping names them. */
  mapped: boolean;
  /** Which side of the call they speak for, read from their role (see speakerKind). */
  kind: SpeakerKind;
}

/**
 * Which side of the call a speaker is on: the company's executives (and its investor relations),
 * the analysts who ask questions, the operator, or unknown (an unmapped machine transcript).
 */
export type SpeakerKind = 'executive' | 'analyst' | 'operator' | 'unknown';
export const SPEAKER_KINDS: readonly SpeakerKind[] = ['executive', 'analyst', 'operator', 'unknown'];

const EXECUTIVE_ROLE =
  /\b(chief|ceo|cfo|coo|cto|president|officer|chair(man|woman|person)?|director|head|investor relations|treasurer|controller|founder|vp|vice|executive|manager|partner|general counsel|secretary)\b/i;

/**
 * A speaker's side from the mapping's role: "Operator"; "Analyst" (or anyone from another company
 * than the one reporting when the role says so); a company officer ("Chief Financial Officer",
 * "Head of Investor Relations", "President") is an executive. Nothing to go by: unknown.
 */
export function speakerKind(role: string | null | undefined): SpeakerKind {
  const text = clean(role);
  if (!text) return 'unknown';
  if (/operator|moderator|conference host/i.test(text)) return 'operator';
  if (/analyst|research|investor(?! relations)|portfolio|shareholder/i.test(text)) return 'analyst';
  if (EXECUTIVE_ROLE.test(text)) return 'executive';
  return 'unknown';
}

const NAMED_ROLES: [SpeakerRole, RegExp][] = [
  ['ceo', /\b(ceo|chief executive( officer)?)\b/i],
  ['cfo', /\b(cfo|chief financial officer|finance director)\b/i],
  ['coo', /\b(coo|chief operating officer)\b/i],
  // "Vice President, Investor Relations" is investor relations, not the president; a vice president
  // who is also a president ("Executive Vice President and President, Americas") is one.
  ['president', /(?<!\bvice[- ])\bpresident\b/i],
  ['ir', /\b(investor relations|ir)\b/i],
];

/**
 * The roles of a speaker, from the mapping's role text and their side (speakerKind): every named
 * role the text holds, in SPEAKER_ROLES order; an analyst or the operator by their side; else other.
 */
export function speakerRoles(role: string | null | undefined, kind: SpeakerKind = speakerKind(role)): SpeakerRole[] {
  if (kind === 'operator') return ['operator'];
  if (kind === 'analyst') return ['analyst'];
  const text = clean(role);
  const roles = text ? NAMED_ROLES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name) : [];
  return roles.length > 0 ? roles : ['other'];
}

/** A speaker's roles (speakerRoles over the mapping's role text and their side). */
export const rolesOf = (speaker: Pick<TranscriptSpeaker, 'role' | 'kind'>): SpeakerRole[] => speakerRoles(speaker.role, speaker.kind);

export const UNKNOWN_SPEAKER = 'Unknown speaker';

const clean = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

/**
 * A function from speaker id to speaker. Call it in reading order: unmapped speakers are numbered
 * as they are first asked for. The same id always gives the same object.
 */
export function createSpeakerNamer(mapping: SpeakerMapping | null | undefined): (id: number | null | undefined) => TranscriptSpeaker {
  const named = new Map<number, { label?: string; detail?: string; role?: string; company?: string; kind: SpeakerKind }>();
  for (const entry of mapping ?? []) {
    if (named.has(entry.speaker)) continue; // the first entry for an id wins
    const name = clean(entry.speaker_data?.name);
    const role = clean(entry.speaker_data?.role);
    const company = clean(entry.speaker_data?.company);
    const detail = [name ? role : undefined, company].filter(Boolean).join(', ') || undefined;
    if (name || role || detail) named.set(entry.speaker, { label: name ?? role, detail, role, company, kind: speakerKind(role) });
  }

  const speakers = new Map<number | null, TranscriptSpeaker>();
  let numbered = 0;
  return (id) => {
    const key = id ?? null;
    let speaker = speakers.get(key);
    if (speaker) return speaker;
    if (key === null) {
      speaker = { id: null, label: UNKNOWN_SPEAKER, mapped: false, kind: 'unknown' };
    } else {
      const known = named.get(key);
      const label = known?.label ?? `Speaker ${++numbered}`;
      speaker = {
        id: key,
        label,
        mapped: known?.label !== undefined,
        kind: known?.kind ?? 'unknown',
        ...(known?.detail ? { detail: known.detail } : {}),
        ...(known?.role ? { role: known.role } : {}),
        ...(known?.company ? { company: known.company } : {}),
      };
    }
    speakers.set(key, speaker);
    return speaker;
  };
}

/** One line for a speaker: `Ana Ruiz (Chief Executive Officer, Acme)`, `Operator`, `Speaker 2`. */
export function speakerLine(speaker: Pick<TranscriptSpeaker, 'label' | 'detail'>): string {
  return speaker.detail ? `${speaker.label} (${speaker.detail})` : speaker.label;
}
