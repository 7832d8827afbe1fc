/*
 * The names of speakers' roles and of a call's sections, apart from the rules that read them
 * (speakers.ts, sections.ts): the filters of every page validate addresses with these lists, and
 * those load with the app's frame, which must not carry the transcript model.
 */

/**
 * Who a speaker is on the call, finer than their side: the roles a transcript's speaker mapping
 * names ("Chief Financial Officer" is the CFO, "President and Chief Executive Officer" both the
 * president and the CEO), the analysts and the operator; anyone else (another executive, an
 * unmapped speaker of a machine transcript) is "other". What transcript search filters by.
 */
export type SpeakerRole = 'ceo' | 'cfo' | 'coo' | 'president' | 'ir' | 'analyst' | 'operator' | 'other';
export const SPEAKER_ROLES: readonly SpeakerRole[] = ['ceo', 'cfo', 'coo', 'president', 'ir', 'analyst', 'operator', 'other'];
export const SPEAKER_ROLE_LABELS: Record<SpeakerRole, string> = {
  ceo: 'CEO',
  cfo: 'CFO',
  coo: 'COO',
  president: 'President',
  ir: 'Head of IR',
  analyst: 'Analyst',
  operator: 'Operator',
  other: 'Other speakers',
};

/** The part of a call a paragraph is in: the prepared remarks (the operator's opening included) or the Q&A. */
export type CallSection = 'prepared' | 'qna';
export const CALL_SECTIONS: readonly CallSection[] = ['prepared', 'qna'];
export const CALL_SECTION_LABELS: Record<CallSection, string> = { prepared: 'Prepared remarks', qna: 'Q&A' };
