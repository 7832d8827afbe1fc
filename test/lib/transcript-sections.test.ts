import { describe, expect, it } from 'vitest';
import { callSections, qnaStart, speakerKind, speakerRoles, type SpeakerRole } from '../../src/lib/transcript/index.ts';
import { para, transcript } from '../support/transcript-files.ts';

describe('speakerRoles: who a speaker is, from the mapping’s role text', () => {
  it.each<[string | undefined, SpeakerRole[]]>([
    ['Chief Financial Officer', ['cfo']],
    ['CFO', ['cfo']],
    ['Executive Vice President and Chief Financial Officer', ['cfo']],
    ['Finance Director', ['cfo']],
    ['Chief Executive Officer', ['ceo']],
    ['President and Chief Executive Officer', ['ceo', 'president']],
    ['Chairman, President & CEO', ['ceo', 'president']],
    ['Co-Founder and CEO', ['ceo']],
    ['Chief Operating Officer', ['coo']],
    ['President', ['president']],
    ['Co-President', ['president']],
    ['Executive Vice President and President, Americas', ['president']],
    ['Vice President, Investor Relations', ['ir']],
    ['Senior Vice-President, Investor Relations', ['ir']],
    ['Head of Investor Relations', ['ir']],
    ['Director of IR', ['ir']],
    ['Chief Financial Officer and Head of Investor Relations', ['cfo', 'ir']],
    ['Vice President', ['other']],
    ['General Counsel', ['other']],
    ['Executive Chairman', ['other']],
    ['Analyst', ['analyst']],
    ['Managing Director, Equity Research', ['analyst']],
    ['Operator', ['operator']],
    ['Conference Host', ['operator']],
    [undefined, ['other']],
    ['', ['other']],
  ])('%s', (role, roles) => {
    expect(speakerRoles(role)).toEqual(roles);
  });

  it('takes the side it is given over the words: a mapped analyst whose role names a title is an analyst', () => {
    expect(speakerRoles('Director', 'analyst')).toEqual(['analyst']);
    expect(speakerRoles(undefined, 'operator')).toEqual(['operator']);
    expect(speakerKind('Vice President, Investor Relations')).toBe('executive');
  });
});

const mapping = [
  { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
  { speaker: 1, speaker_data: { name: 'Ana Ruiz', role: 'Chief Financial Officer', company: 'Acme' } },
  { speaker: 2, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
];

describe('qnaStart and callSections: where the Q&A starts, read from the transcript', () => {
  it('starts at the operator’s turn that introduces the first analyst of an edited transcript', () => {
    const call = transcript({
      speaker_mapping: mapping,
      transcript: {
        paragraphs: [
          para(0, 0, 'Welcome to the call.'),
          para(1, 4, 'Revenue grew.'),
          para(0, 8, 'Thank you.'),
          para(0, 10, 'Next is Priya Raman.'),
          para(2, 12, 'How is demand?'),
          para(1, 14, 'Steady.'),
        ],
      },
    });
    expect(qnaStart(call)?.text).toBe('Thank you.');
    expect(callSections(call)).toEqual(['prepared', 'prepared', 'qna', 'qna', 'qna', 'qna']);
    expect(call.paragraphs.map((p) => p.speaker.role)).toEqual([
      'Operator',
      'Chief Financial Officer',
      'Operator',
      'Operator',
      'Analyst',
      'Chief Financial Officer',
    ]);
  });

  it('starts at the turn with the operator’s “first question” in a transcript without named speakers', () => {
    const call = transcript({
      transcript: {
        paragraphs: [
          para(0, 0, 'Welcome.'),
          para(1, 4, 'Revenue grew.'),
          para(0, 8, 'Thank you.', 'Our first question comes from Priya Raman.'),
          para(2, 12, 'How is demand?'),
        ],
      },
    });
    expect(qnaStart(call)?.index).toBe(2);
    expect(callSections(call)).toEqual(['prepared', 'prepared', 'qna', 'qna']);
  });

  it('else at the words that open the question-and-answer session', () => {
    const call = transcript({
      transcript: { paragraphs: [para(0, 0, 'Welcome.'), para(1, 4, 'We will now begin the question-and-answer session.'), para(2, 8, 'How is demand?')] },
    });
    expect(callSections(call)).toEqual(['prepared', 'qna', 'qna']);
  });

  it('finds no Q&A in a call that never opens one: all of it is prepared remarks', () => {
    const call = transcript({ transcript: { paragraphs: [para(0, 0, 'Welcome.'), para(1, 4, 'Revenue grew.')] } });
    expect(qnaStart(call)).toBeUndefined();
    expect(callSections(call)).toEqual(['prepared', 'prepared']);
  });

  it('finds no Q&A when the very first turn is an analyst’s', () => {
    const call = transcript({ speaker_mapping: mapping, transcript: { paragraphs: [para(2, 0, 'How is demand?'), para(1, 4, 'Steady.')] } });
    expect(qnaStart(call)).toBeUndefined();
    expect(callSections(call)).toEqual(['prepared', 'prepared']);
  });
});
