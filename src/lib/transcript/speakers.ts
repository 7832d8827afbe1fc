import type { SpeakerMapping } from './schema.ts';

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
  /** Whether the file's speaker mapping names them. */
  mapped: boolean;
}

export const UNKNOWN_SPEAKER = 'Unknown speaker';

const clean = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

/**
 * A function from speaker id to speaker. Call it in reading order: unmapped speakers are numbered
 * as they are first asked for. The same id always gives the same object.
 */
export function createSpeakerNamer(mapping: SpeakerMapping | null | undefined): (id: number | null | undefined) => TranscriptSpeaker {
  const named = new Map<number, { label?: string; detail?: string }>();
  for (const entry of mapping ?? []) {
    if (named.has(entry.speaker)) continue; // the first entry for an id wins
    const name = clean(entry.speaker_data?.name);
    const role = clean(entry.speaker_data?.role);
    const company = clean(entry.speaker_data?.company);
    const detail = [name ? role : undefined, company].filter(Boolean).join(', ') || undefined;
    if (name || role || detail) named.set(entry.speaker, { label: name ?? role, detail });
  }

  const speakers = new Map<number | null, TranscriptSpeaker>();
  let numbered = 0;
  return (id) => {
    const key = id ?? null;
    let speaker = speakers.get(key);
    if (speaker) return speaker;
    if (key === null) {
      speaker = { id: null, label: UNKNOWN_SPEAKER, mapped: false };
    } else {
      const known = named.get(key);
      const label = known?.label ?? `Speaker ${++numbered}`;
      speaker = { id: key, label, mapped: known?.label !== undefined, ...(known?.detail ? { detail: known.detail } : {}) };
    }
    speakers.set(key, speaker);
    return speaker;
  };
}

/** One line for a speaker: `Ana Ruiz (Chief Executive Officer, Acme)`, `Operator`, `Speaker 2`. */
export function speakerLine(speaker: TranscriptSpeaker): string {
  return speaker.detail ? `${speaker.label} (${speaker.detail})` : speaker.label;
}
