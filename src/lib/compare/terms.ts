import { wordForm } from '../transcript-search/match.ts';
import { searchWord, WORD_PART } from '../transcript-search/query.ts';
import type { Transcript, TranscriptParagraph, TranscriptSentence } from '../transcript/model.ts';
import { speakerRole } from './align.ts';
import { RANKED_TERMS, saidIn } from './history.ts';
import type { RankedTerm, SentenceRef, TermHistory } from './model.ts';

/**
 * Terms: what is new this quarter and what was dropped, ranked against the company's own calls
 * (a word every call says is not news). Pure.
 *
 * A term is a content word or two content words said next to each other ("data center"), in lower
 * case (an acronym as written: "AI"), a plural folded onto its word the way the browser's search matcher folds it (wordForm:
 * "tariffs" and "tariff" are one term, shown as said most). Not terms: common words, the filler
 * of every call ("thank", "quarter", "think"), numbers (the number reader's), the names of the
 * call's own speakers and their firms, and whatever the operator says.
 */

/** Said this many times more often in one call than in the other, a term is new (or dropped) there even if the other said it. */
const MUCH_MORE = 3;
/** A word said inside a listed phrase at least this share of the times it is said goes with the phrase ("data" with "data center"). */
const TOGETHER = 0.75;

const COMMON = `a about above across after again against all almost along already also although always am among an and
another any anyone anything are around as at away back be became because been before being below between both but by
can cannot could did do does doing done down during each either else enough etc even ever every few for from further
get gets getting give given go goes going gone got had has have having he her here hers herself him himself his how
however i if in into is it its itself just least less let like made make makes making many may me might more most much
must my myself neither no nor not now of off often on once one only onto or other others our ours ourselves out over
own per perhaps quite rather really said same say says see seen several shall she should since so some something
still such than that the their theirs them themselves then there these they this those though through thus to too
toward under until up upon us very via was we well were what whatever when where whether which while who whom whose
why will with within without would yes yet you your yours yourself yourselves`;

/**
 * What every call says, whatever happened: greetings, thanks, the call's own words, hedges; ordinals;
 * the verbs that say a figure moved (the number reader's: "rose", "fell") and the verbs any story
 * is told with ("drove", "moves", "asked", "based").
 */
const FILLER = `thank thanks thankful appreciate welcome hello hi hey morning afternoon evening everyone everybody today
quarter quarterly year years yearly half think thought thinking know knew guess mean means meant want wanted look looking
looks kind sort bit lot lots little way ways thing things call calls question questions answer answers talk talking
color colour comment comments maybe probably great good nice congratulations congrats okay ok yeah sure right able
obviously actually basically certainly clearly course indeed particularly generally terms relative respect regard
regarding continue continued continues continuing line next first second third last new prior versus compared
operator ahead please remarks prepared afternoon ladies gentlemen conference session take taking time times
percent percentage point points basis zero two three four five six seven eight nine ten eleven twelve thirteen
fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
thousand million millions billion billions trillion dollar dollars cents
result results expect expects expected expecting include includes including included discuss discussed discussing
come comes came coming rest mainly ago total overall large larger higher lower strong stronger better best level
levels remain remains remained see sees saw seeing seen believe believes feel felt put pretty end ended ending told
tell telling give gave provide provided update updated several whole full already again today's
fourth fifth sixth seventh eighth ninth tenth
rise rises rising rose risen fall falling fell fallen grow growing grew grown increase increased increasing
decrease decreased decreasing base based basing drive drove driven driving build building built move moved moving
happen happened happening push pushed pushing respond responded responding ask asked asking sped closer far
story affect affected affecting exceptional despite assume assumes assumed assuming faster slower planned
contribute contributed contributing slow slows slowed slowing fully largest`;

const STOP = new Set(`${COMMON} ${FILLER}`.split(/\s+/).filter(Boolean));

/** A term as counted in one call. */
export interface TermCount {
  /** Times said. */
  count: number;
  /** What to show: the form said most ("tariffs"), first said on a tie. */
  shown: string;
  /** Where first said. */
  first: SentenceRef;
  /** Two words. */
  phrase: boolean;
  /** Of a phrase: times said as the end of a three-word run, by the phrase it continues ("center revenue" in "data center revenue": "data center"). */
  continues?: Map<string, number>;
}

const keepWord = (word: string, form: string, names: ReadonlySet<string>) =>
  word.length > 1 && !/\d/.test(word) && !STOP.has(word) && !STOP.has(form) && !names.has(form);

/** The words of the call's speakers' names and of their firms (not the reporting company's): said to address someone, never news. */
function speakerNameForms(transcript: Transcript): Set<string> {
  const names = new Set<string>();
  for (const speaker of transcript.speakers) {
    // A label that is a role ("Operator", "Chief Financial Officer") names nobody.
    const named = speaker.mapped && speakerRole(speaker) !== speaker.label;
    const parts = [named ? speaker.label : undefined, speaker.kind === 'analyst' ? speaker.company : undefined];
    for (const part of parts) for (const word of part ? (searchWord(part).match(WORD_PART) ?? []) : []) names.add(wordForm(word));
  }
  return names;
}

/** A word written in capitals ("AI", "EBITDA") is shown so; any other in lower case. */
const ACRONYM = /^\p{Lu}{2,}$/u;

/** Only blanks or a hyphen between two words keeps them one phrase ("data center", "year-over-year"). */
const JOINS = /^[\s\-‐-―]*$/u;

/** Called for each term as said: its folded key ("data center"), the words as said ("data centers", "AI investment"), whether two words. */
export type TermVisit = (key: string, said: string, phrase: boolean, sentence: TranscriptSentence, paragraph: TranscriptParagraph) => void;

/** Visits every term said in the paragraphs, in order, the operator's words left out. */
export function eachTerm(transcript: Transcript, paragraphs: Iterable<TranscriptParagraph>, visit: TermVisit): void {
  const names = speakerNameForms(transcript);
  // Each distinct word is folded and judged once: its folded form, or null when it is not a term.
  const forms = new Map<string, string | null>();
  const formOf = (word: string) => {
    let form = forms.get(word);
    if (form === undefined) {
      const folded = wordForm(word);
      form = keepWord(word, folded, names) ? folded : null;
      forms.set(word, form);
    }
    return form;
  };
  for (const paragraph of paragraphs) {
    if (paragraph.speaker.kind === 'operator') continue;
    for (const sentence of paragraph.sentences) {
      const text = searchWord(sentence.text);
      // The sentence as written, where lower-casing kept every position: an acronym is shown as said.
      const written = sentence.text.normalize('NFKC');
      const aligned = written.length === text.length;
      let last: { said: string; form: string; end: number } | undefined;
      for (const match of text.matchAll(WORD_PART)) {
        const word = match[0];
        const form = formOf(word);
        if (form === null) {
          last = undefined;
          continue;
        }
        const asWritten = aligned ? written.slice(match.index, match.index + word.length) : word;
        const said = ACRONYM.test(asWritten) ? asWritten : word;
        visit(form, said, false, sentence, paragraph);
        if (last && JOINS.test(text.slice(last.end, match.index))) visit(`${last.form} ${form}`, `${last.said} ${said}`, true, sentence, paragraph);
        last = { said, form, end: match.index + word.length };
      }
    }
  }
}

/**
 * The terms of the given paragraphs (all but the operator's), each with its count, the form to
 * show and where first said. Keys are folded: "tariff", "data center".
 */
export function countTerms(transcript: Transcript, paragraphs: Iterable<TranscriptParagraph> = transcript.paragraphs): Map<string, TermCount> {
  const terms = new Map<string, TermCount>();
  /** Times each form of a term was said, keyed `term\tform`. */
  const forms = new Map<string, number>();
  // The phrase said last, and how many words since: a phrase one word after another continues it (eachTerm visits a run's words and phrases in order).
  let lastPhrase: { key: string; sentence: TranscriptSentence; words: number } | undefined;
  eachTerm(transcript, paragraphs, (key, said, phrase, sentence, paragraph) => {
    let term = terms.get(key);
    if (!term) {
      const first = { sentence: sentence.index, text: sentence.text, start: sentence.start, speaker: paragraph.speaker };
      terms.set(key, (term = { count: 0, shown: said, first, phrase }));
    }
    term.count++;
    if (!phrase) {
      if (lastPhrase) lastPhrase.words++;
    } else {
      if (lastPhrase && lastPhrase.sentence === sentence && lastPhrase.words === 1 && lastPhrase.key.endsWith(` ${key.split(' ')[0]}`)) {
        term.continues ??= new Map();
        term.continues.set(lastPhrase.key, (term.continues.get(lastPhrase.key) ?? 0) + 1);
      }
      lastPhrase = { key, sentence, words: 0 };
    }
    const times = (forms.get(`${key}\t${said}`) ?? 0) + 1;
    forms.set(`${key}\t${said}`, times);
    if (times > (forms.get(`${key}\t${term.shown}`) ?? 0)) term.shown = said;
  });
  return terms;
}

/** The terms a call says (single words and two-word phrases, without filler), with how often; keys folded ("tariff", "data center"). */
export function callTerms(transcript: Transcript): Map<string, number> {
  return new Map([...countTerms(transcript)].map(([key, term]) => [key, term.count]));
}

/**
 * The terms one call says and the other does not (or says far less), best first. The score is how
 * much more often it is said here, lowered by how many of the company's calls say it: 1 when only
 * this pair does, log((N+1)/k) / log(N+1) for k of N calls, so a term every call says is near 0.
 * A word (nearly) always said inside one of the listed phrases gives way to the phrase, and a phrase
 * (nearly) always said continuing a better one gives way to it ("center revenue", the end of "data
 * center revenue", to "data center").
 */
function ranked(here: Map<string, TermCount>, there: Map<string, TermCount>, history: TermHistory | undefined, limit: number): RankedTerm[] {
  const found: (RankedTerm & { key: string; phrase: boolean; continues?: Map<string, number> })[] = [];
  for (const [key, term] of here) {
    const other = there.get(key)?.count ?? 0;
    if (term.phrase && term.count < 2) continue; // a pair of words said once is chance, not a phrase
    if (other > 0 && (term.count < MUCH_MORE * other || term.count - other < 2)) continue;
    const said = saidIn(history, term.shown, key, other > 0 ? 2 : 1);
    const novelty = said ? Math.log((said.calls + 1) / said.callsWith) / Math.log(said.calls + 1) : 1;
    found.push({
      key,
      phrase: term.phrase,
      term: term.shown,
      count: term.count,
      otherCount: other,
      ...(said ? { callsWith: said.callsWith, calls: said.calls } : {}),
      score: (term.count - other) * novelty,
      first: term.first,
      ...(term.continues ? { continues: term.continues } : {}),
    });
  }
  const phrases = found.filter((term) => term.phrase);
  const order = (a: (typeof found)[number], b: (typeof found)[number]) =>
    b.score - a.score || b.count - a.count || Number(b.phrase) - Number(a.phrase) || a.first!.sentence - b.first!.sentence;
  const continuing = (term: (typeof found)[number], phrase: (typeof found)[number]) =>
    (term.continues?.get(phrase.key) ?? 0) >= TOGETHER * term.count && order(phrase, term) < 0;
  const kept = found.filter((term) =>
    term.phrase
      ? !phrases.some((phrase) => continuing(term, phrase))
      : !phrases.some((phrase) => phrase.key.split(' ').includes(term.key) && phrase.count >= TOGETHER * term.count),
  );
  kept.sort(order);
  return kept.slice(0, limit).map(({ key: _key, phrase: _phrase, continues: _continues, ...term }) => term);
}

/**
 * New and dropped terms between two calls, best first, at most `limit` each (15 unless told);
 * `history` (the company's calls) lowers what is always said. A page that fetches the history for
 * the terms listed without it should ask for more than it shows, since the history only lowers.
 */
export function rankTerms(
  current: Transcript,
  previous: Transcript,
  history?: TermHistory,
  options: { limit?: number } = {},
): { added: RankedTerm[]; dropped: RankedTerm[] } {
  const limit = options.limit ?? RANKED_TERMS;
  const now = countTerms(current);
  const before = countTerms(previous);
  return { added: ranked(now, before, history, limit), dropped: ranked(before, now, history, limit) };
}
