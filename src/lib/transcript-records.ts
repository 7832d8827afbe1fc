/**
 * One row per call in transcript lists. A call can have two transcripts: a machine transcript
 * published shortly after it, and an edited one that names the speakers. Lists show the call once,
 * with the edited transcript, and keep the other one reachable from that row.
 */

export interface TranscriptRecordLike {
  id: number;
  eventId: number;
  typeId: number;
  createdAt: string | null;
}

export interface CallTranscripts<T extends TranscriptRecordLike> {
  /** The transcript the row opens: the edited one when it can be told, else the latest published. */
  transcript: T;
  /** The call's other transcripts (usually the raw machine one), newest first. */
  others: T[];
}

/**
 * How edited a transcript type reads from its name: "Transcript (Edited)" ranks above a plain
 * "Transcript", which ranks above "Transcript (Raw)" or a machine transcript. Types whose names
 * say neither rank alike, and the later published transcript wins (the edit comes after the raw).
 */
export function transcriptEditRank(typeName: string | undefined): number {
  if (!typeName) return 1;
  if (/edit|correct|final|verified/i.test(typeName)) return 2;
  if (/raw|machine|automatic|unedited|preliminary/i.test(typeName)) return 0;
  return 1;
}

const published = (doc: TranscriptRecordLike) => Date.parse(doc.createdAt ?? '') || 0;

/** Transcripts grouped by call, in the order their calls first appear in `docs`. */
export function oneTranscriptPerCall<T extends TranscriptRecordLike>(
  docs: readonly T[],
  typeName: (typeId: number) => string | undefined,
): CallTranscripts<T>[] {
  const byCall = new Map<number, T[]>();
  for (const doc of docs) {
    const list = byCall.get(doc.eventId);
    if (list) list.push(doc);
    else byCall.set(doc.eventId, [doc]);
  }
  return [...byCall.values()].map((list) => {
    const ranked = [...list].sort(
      (a, b) => transcriptEditRank(typeName(b.typeId)) - transcriptEditRank(typeName(a.typeId)) || published(b) - published(a) || b.id - a.id,
    );
    return { transcript: ranked[0]!, others: ranked.slice(1) };
  });
}

/** Whether a document type is a transcript ("Transcript", "In-house transcript", category "Transcript"). */
export function isTranscriptType(type: { name?: string | null; category?: string | null } | undefined): boolean {
  return /transcript/i.test(type?.name ?? '') || /transcript/i.test(type?.category ?? '');
}
