import { formatDuration } from '../format.ts';
import { escapeMarkdown } from '../transcript/export.ts';
import { speakerLine, type TranscriptSpeaker } from '../transcript/speakers.ts';
import type { AlignedSection, Comparison, QuestionsSide, RankedTerm, SentenceRef, WordPart } from './model.ts';

/** One call of the pair as the export names it, with a link that plays it from a moment. */
export interface CompareCallLabel {
  /** "Q3 2026 earnings call, 28 Oct 2026". */
  title: string;
  /** An absolute link that plays this call from `seconds` (the recording page with `?t=`). */
  link: (seconds: number) => string;
}

export interface CompareHeading {
  company: string;
  current: CompareCallLabel;
  previous: CompareCallLabel;
  /** The comparison page's own address, absolute. */
  page: string;
}

/** A link's address kept whole inside `(…)`: spaces, brackets and parentheses escaped. */
const address = (url: string) => url.replace(/[\s()<>]/g, (c) => ({ '(': '%28', ')': '%29', '<': '%3C', '>': '%3E' })[c] ?? '%20');

/** `[▶ 12:34](link)`: plays that call from that moment. */
const play = (call: CompareCallLabel, seconds: number, what = '') => `[▶ ${what}${formatDuration(Math.max(0, seconds))}](${address(call.link(seconds))})`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The words of a changed sentence, the changed ones in bold. */
function marked(words: readonly WordPart[]): string {
  const runs: { text: string[]; changed: boolean }[] = [];
  for (const part of words) {
    const text = part.text.trim();
    if (!text) continue;
    const last = runs.at(-1);
    if (last && last.changed === part.changed) last.text.push(text);
    else runs.push({ text: [text], changed: part.changed });
  }
  return runs.map((run) => (run.changed ? `**${escapeMarkdown(run.text.join(' '))}**` : escapeMarkdown(run.text.join(' ')))).join(' ');
}

const transcriptKind = (edited: boolean) => (edited ? 'the edited transcript' : 'the machine transcript (speakers numbered, not named)');

function numbers(comparison: Comparison, heading: CompareHeading): string[] {
  const lines = ['## Numbers that moved', ''];
  if (comparison.figures.length === 0) return [...lines, 'No figure was said with what it measures in either call.', ''];
  for (const figure of comparison.figures) {
    const links = [
      figure.current ? play(heading.current, figure.current.at.start, 'this call ') : undefined,
      figure.previous ? play(heading.previous, figure.previous.at.start, 'previous call ') : undefined,
    ].filter(Boolean);
    lines.push(`- ${escapeMarkdown(figure.summary)}: ${links.join(', ')}`);
  }
  return [...lines, ''];
}

function terms(title: string, list: readonly RankedTerm[], here: string, there: string, call: CompareCallLabel, none: string): string[] {
  const lines = [`## ${title}`, ''];
  if (list.length === 0) return [...lines, none, ''];
  for (const term of list) {
    const history = term.callsWith !== undefined && term.calls !== undefined ? `; said in ${term.callsWith} of the last ${plural(term.calls, 'call')}` : '';
    const first = term.first ? ` ${play(call, term.first.start, 'first said ')}` : '';
    lines.push(`- **${escapeMarkdown(term.term)}**: ${plural(term.count, 'time')} ${here}, ${term.otherCount} ${there}${history}${first}`);
  }
  return [...lines, ''];
}

/** Each call's questions as the page lists them: who asked, from which firm, on what, a link to the question. None at all when neither call has any. */
function questions(comparison: Comparison, heading: CompareHeading): string[] {
  const { current, previous } = comparison.questions;
  if (current.questions.length + previous.questions.length === 0) return [];
  const side = (title: string, call: CompareCallLabel, asked: QuestionsSide) => {
    const lines = [`### ${escapeMarkdown(title)}`, ''];
    if (asked.questions.length === 0) return [...lines, 'No questions found.', ''];
    asked.questions.forEach((question, index) => {
      const who = question.firm ? `${question.asker}, ${question.firm}` : question.asker;
      const about = asked.subjects[index]?.length ? `: on ${asked.subjects[index]!.join(', ')}` : '';
      lines.push(`- ${escapeMarkdown(`${who}${about}`)} ${play(call, question.start)}`);
    });
    return [...lines, ''];
  };
  return [
    '## Questions',
    '',
    ...side(`This call: ${heading.current.title}`, heading.current, current),
    ...side(`Previous call: ${heading.previous.title}`, heading.previous, previous),
  ];
}

/** Bullets under their speaker: a speaker line each time the speaker changes. */
function bySpeaker<T>(items: readonly T[], speakerOf: (item: T) => TranscriptSpeaker, bullet: (item: T) => string[]): string[] {
  const lines: string[] = [];
  let speaker: string | undefined;
  for (const item of items) {
    const line = speakerLine(speakerOf(item));
    if (line !== speaker) {
      if (speaker !== undefined) lines.push('');
      lines.push(`**${escapeMarkdown(line)}**`, '');
      speaker = line;
    }
    lines.push(...bullet(item));
  }
  return lines;
}

const sentence = (call: CompareCallLabel, ref: SentenceRef) => `${play(call, ref.start)} ${escapeMarkdown(ref.text)}`;

function section(part: AlignedSection, heading: CompareHeading): string[] {
  const changes = part.groups.flatMap((group) => group.changes);
  const changed = changes.flatMap((change) => (change.kind === 'changed' ? [change] : []));
  const added = changes.flatMap((change) => (change.kind === 'new' ? [change] : []));
  const dropped = changes.flatMap((change) => (change.kind === 'dropped' ? [change] : []));
  if (changed.length + added.length + dropped.length === 0) return [];
  const lines = [`### ${escapeMarkdown(part.title)}`, ''];
  if (changed.length > 0) {
    lines.push(
      ...bySpeaker(
        changed,
        (change) => change.current.speaker,
        (change) => [
          `- ${play(heading.current, change.current.start)} ${marked(change.currentWords)}`,
          `  - Previous call, ${play(heading.previous, change.previous.start)} ${marked(change.previousWords)}`,
        ],
      ),
      '',
    );
  }
  if (added.length > 0) {
    lines.push('#### New this quarter', '');
    lines.push(
      ...bySpeaker(
        added,
        (change) => change.current.speaker,
        (change) => [`- ${sentence(heading.current, change.current)}`],
      ),
      '',
    );
  }
  if (dropped.length > 0) {
    lines.push('#### Dropped since last quarter', '');
    lines.push(
      ...bySpeaker(
        dropped,
        (change) => change.previous.speaker,
        (change) => [`- ${sentence(heading.previous, change.previous)}`],
      ),
      '',
    );
  }
  return lines;
}

/**
 * The comparison as Markdown for a morning note: the call pair, the numbers that moved, new and
 * dropped terms, each call's questions (who asked, on what), and the changed sentences with their speaker and a link to each moment. Pure.
 */
export function comparisonToMarkdown(comparison: Comparison, heading: CompareHeading): string {
  const { counts } = comparison;
  const lines = [
    `# ${escapeMarkdown(`${heading.company}: ${heading.current.title} compared with ${heading.previous.title}`)}`,
    '',
    `Compared: ${transcriptKind(comparison.currentEdited)} of ${escapeMarkdown(heading.current.title)} with ${transcriptKind(comparison.previousEdited)} of ${escapeMarkdown(heading.previous.title)}.`,
    `${plural(counts.changed, 'sentence')} changed, ${counts.new} new, ${counts.dropped} dropped, ${counts.same} the same. [Open the comparison](${address(heading.page)})`,
    '',
    ...numbers(comparison, heading),
    ...terms('New this quarter', comparison.terms.added, 'this quarter', 'in the previous call', heading.current, 'No new terms.'),
    ...terms('Dropped since last quarter', comparison.terms.dropped, 'in the previous call', 'this quarter', heading.previous, 'No dropped terms.'),
    ...questions(comparison, heading),
    '## Changed sentences',
    '',
  ];
  const sections = comparison.sections.flatMap((part) => section(part, heading));
  lines.push(...(sections.length > 0 ? sections : ['No sentence changed, and none is new or dropped.', '']));
  return `${lines.join('\n').trimEnd()}\n`;
}
