import { EDITED_TRANSCRIPT_TYPE } from './data/catalog.ts';
import type { MediaLibrary } from './media/library.ts';
import { mix } from './random.ts';
import type { DocumentInfo, EventInfo } from './store.ts';

/**
 * Transcript files in the service's JSON shape, cut from the call's script so that every
 * sentence's times match the audio. The edited type adds the speaker mapping; the raw type is a
 * machine transcript without it.
 */

export interface SpeakerData {
  name: string | null;
  role: string | null;
  company: string | null;
}

export function buildTranscript(document: DocumentInfo, event: EventInfo, media: MediaLibrary) {
  const script = media.call(event.callIndex).script;
  const company = document.company;
  const edited = document.typeId === EDITED_TRANSCRIPT_TYPE;
  const confidence = (a: number, b: number) => 0.82 + (mix(document.id, a, b) % 1700) / 10_000;

  const paragraphs = script.paragraphs.map((paragraph, p) => ({
    speaker: paragraph.speaker,
    text: paragraph.sentences.map((sentence) => sentence.text).join(' '),
    start: paragraph.start,
    end: paragraph.end,
    sentences: paragraph.sentences.map((sentence, s) => ({
      text: sentence.text,
      start: sentence.start,
      end: sentence.end,
      speaker: paragraph.speaker,
      words: sentence.words.map((word, w) => ({
        word: word.word,
        punctuated_word: word.punctuated_word,
        start: word.start,
        end: word.end,
        confidence: Math.round(confidence(p * 1000 + s, w) * 1000) / 1000,
      })),
    })),
  }));

  const transcript = {
    text: paragraphs.map((paragraph) => paragraph.text).join(' '),
    number_of_speakers: script.speakers.length,
    paragraphs,
  };
  const base = { version: edited ? '2.1-edited' : '2.1-raw', event_id: event.id, company_id: company.id };
  if (!edited) return { ...base, transcript };

  const speaker_mapping = script.speakers.map((speaker) => {
    let data: SpeakerData;
    switch (speaker.role) {
      case 'Chief Executive Officer':
        data = { name: company.executives.ceo.name, role: speaker.role, company: company.displayName };
        break;
      case 'Chief Financial Officer':
        data = { name: company.executives.cfo.name, role: speaker.role, company: company.displayName };
        break;
      case 'Head of Investor Relations':
        data = { name: company.executives.ir.name, role: speaker.role, company: company.displayName };
        break;
      case 'Operator':
        data = { name: null, role: 'Operator', company: null };
        break;
      default:
        data = { name: speaker.name ?? null, role: speaker.role, company: speaker.company ?? null };
    }
    return { speaker: speaker.speaker, speaker_data: data };
  });
  return { ...base, speaker_mapping, transcript };
}
