#!/usr/bin/env node
// Checks the generated media of each call against its script.json: structure,
// chapter rules, sizes, durations (ffprobe) and, by decoding audio.mp3 and the
// HLS stream with ffmpeg, that there is speech inside every sentence window and
// near-silence in every pause between sentences.
//
//   node scripts/media/check.mjs [server/sandbox/media/calls/call-N ...]
//
// Exits non-zero on the first broken rule. Needs ffmpeg/ffprobe (not run by
// the app or its tests).

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const SR = 22050;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let dirs = process.argv.slice(2);
if (!dirs.length) {
  const base = path.join(root, 'server/sandbox/media/calls');
  dirs = fs
    .readdirSync(base)
    .filter((d) => /^call-\d+$/.test(d))
    .sort()
    .map((d) => path.join(base, d));
}

function assert(ok, msg) {
  if (!ok) {
    console.error(`check: ${msg}`);
    process.exit(1);
  }
}
const is3 = (x) => typeof x === 'number' && Math.abs(x * 1000 - Math.round(x * 1000)) < 1e-6;

// A fact's number as the scripts say it: 42.6 -> "forty two point six", 110 -> "one hundred and ten".
const ONES = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
function spokenWhole(n) {
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? ' ' + ONES[n % 10] : '');
  return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ' and ' + spokenWhole(n % 100) : '');
}
function spoken(x) {
  const [whole, fraction] = String(Math.abs(x)).split('.');
  return spokenWhole(Number(whole)) + (fraction ? ' point ' + [...fraction].map((d) => ONES[Number(d)]).join(' ') : '');
}
const FACT_PERCENTS = ['revenueGrowth', 'grossMargin', 'operatingMargin'];

function decode(input) {
  const buf = execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-i', input, '-ac', '1', '-ar', String(SR), '-f', 's16le', '-'], { maxBuffer: 1 << 28 });
  return new Int16Array(buf.buffer, buf.byteOffset, buf.length >> 1);
}
function dbfs(pcm, from, to) {
  const a = Math.max(0, Math.round(from * SR));
  const z = Math.min(pcm.length, Math.round(to * SR));
  if (z <= a) return -Infinity;
  let sum = 0;
  for (let i = a; i < z; i++) sum += pcm[i] * pcm[i];
  return 20 * Math.log10(Math.sqrt(sum / (z - a)) / 32768 || 1e-10);
}

for (const dir of dirs) {
  const name = path.basename(dir);
  const s = JSON.parse(fs.readFileSync(path.join(dir, 'script.json'), 'utf8'));
  const mp3 = path.join(dir, 'audio.mp3');
  const playlist = path.join(dir, 'hls', 'index.m3u8');

  // --- files, sizes, durations
  assert(s.mp3Bytes === fs.statSync(mp3).size, `${name}: mp3Bytes`);
  const probe = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3], { encoding: 'utf8' }));
  assert(Math.abs(probe - s.duration) < 0.1, `${name}: mp3 duration ${probe} vs ${s.duration}`);
  const m3u8 = fs.readFileSync(playlist, 'utf8');
  for (const tag of ['#EXT-X-VERSION:7', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MAP:URI="init.mp4"', '#EXT-X-ENDLIST'])
    assert(m3u8.includes(tag), `${name}: playlist lacks ${tag}`);
  const extinf = [...m3u8.matchAll(/#EXTINF:([0-9.]+),\s*\n(\S+)/g)].map((m) => ({ uri: m[2], duration: Number(m[1]) }));
  assert(extinf.length === s.segments.length, `${name}: segment count`);
  extinf.forEach((e, i) => {
    assert(e.uri === s.segments[i].uri && Math.abs(e.duration - s.segments[i].duration) < 0.0006, `${name}: segment ${i}`);
    assert(!e.uri.includes('/') && fs.existsSync(path.join(dir, 'hls', e.uri)), `${name}: segment file ${e.uri}`);
  });
  assert(fs.existsSync(path.join(dir, 'hls', 'init.mp4')), `${name}: init.mp4`);
  const extSum = extinf.reduce((a, e) => a + e.duration, 0);
  assert(Math.abs(extSum - s.duration) < 0.1, `${name}: EXTINF sum ${extSum} vs ${s.duration}`);
  const hlsProbe = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', playlist], { encoding: 'utf8' }));
  assert(Math.abs(hlsProbe - s.duration) < 0.1, `${name}: HLS duration ${hlsProbe} vs ${s.duration}`);

  // --- structure
  assert(Number.isInteger(s.id) && typeof s.title === 'string' && s.title, `${name}: id/title`);
  s.speakers.forEach((sp, i) => assert(sp.speaker === i && sp.role && (sp.role !== 'Analyst' || (sp.name && sp.company)), `${name}: speaker ${i}`));
  const sentences = s.paragraphs.flatMap((p) => p.sentences);
  let t = 0;
  for (const p of s.paragraphs) {
    assert(s.speakers[p.speaker], `${name}: paragraph speaker`);
    assert(p.start === p.sentences[0].start && p.end === p.sentences.at(-1).end, `${name}: paragraph bounds`);
    for (const x of p.sentences) {
      assert(is3(x.start) && is3(x.end) && x.start >= t && x.end > x.start, `${name}: sentence order at ${x.start}`);
      t = x.end;
      assert(x.words.length === x.text.split(/\s+/).length, `${name}: word count of "${x.text}"`);
      assert(x.words[0].start === x.start && x.words.at(-1).end === x.end, `${name}: word bounds of "${x.text}"`);
      x.words.forEach((w, i) => {
        assert(is3(w.start) && is3(w.end) && w.end >= w.start && (i === 0 || w.start === x.words[i - 1].end), `${name}: word timing in "${x.text}"`);
        assert(/^[a-z0-9']+$/.test(w.word) && w.punctuated_word.toLowerCase().replace(/[^a-z0-9']/g, '') === w.word, `${name}: word "${w.punctuated_word}"`);
      });
    }
  }
  assert(t < s.duration, `${name}: speech runs past the end`);
  const starts = new Set(sentences.map((x) => x.start));
  const l1 = s.chapters.filter((c) => c.level === 1);
  assert(l1[0].start === 0 && l1.at(-1).end === s.duration, `${name}: level 1 chapters must cover 0..duration`);
  l1.forEach((c, i) => assert(i === 0 || c.start === l1[i - 1].end, `${name}: level 1 chapters not contiguous at "${c.title}"`));
  let parent = null;
  for (const c of s.chapters) {
    assert(is3(c.start) && is3(c.end) && c.end > c.start, `${name}: chapter "${c.title}" times`);
    assert(c.start === 0 || starts.has(c.start), `${name}: chapter "${c.title}" does not start at a sentence`);
    assert(c.end === s.duration || starts.has(c.end), `${name}: chapter "${c.title}" does not end at a sentence`);
    if (c.level === 1) parent = c;
    else assert(parent && c.start >= parent.start && c.end <= parent.end, `${name}: chapter "${c.title}" outside its parent`);
  }
  assert(
    s.chapters.some((c) => c.level === 1 && c.title === 'Q&A' && c.start === s.qna),
    `${name}: qna`,
  );
  const questions = s.chapters.filter((c) => c.title.startsWith('Question from '));
  assert(questions.length >= 3, `${name}: fewer than 3 questions`);

  // --- facts: present, and each number said in the transcript as words ("... X percent";
  // a decline is said as its size; the guidance as "revenue growth between L and H percent").
  // Only a bank's call (it speaks of net interest margin) may leave out gross margin.
  const f = s.facts;
  assert(f && typeof f === 'object', `${name}: no facts`);
  assert(['raised', 'kept', 'cut'].includes(f.guidance), `${name}: facts.guidance`);
  const said = ' ' + sentences.map((x) => x.text.toLowerCase().replace(/[^a-z']+/g, ' ')).join(' ') + ' ';
  const sayIt = (phrase, what) => assert(said.includes(` ${phrase} `), `${name}: ${what}, but "${phrase}" is never said`);
  for (const key of FACT_PERCENTS) {
    if (key === 'grossMargin' && !(key in f) && said.includes(' net interest margin ')) continue;
    assert(typeof f[key] === 'number', `${name}: facts.${key} missing or not a number`);
    sayIt(`${spoken(f[key])} percent`, `facts.${key} = ${f[key]}`);
  }
  assert(typeof f.guidanceLow === 'number' && typeof f.guidanceHigh === 'number' && f.guidanceLow <= f.guidanceHigh, `${name}: facts.guidanceLow/High`);
  sayIt(`revenue growth between ${spoken(f.guidanceLow)} and ${spoken(f.guidanceHigh)} percent`, `guidance ${f.guidanceLow} to ${f.guidanceHigh}`);

  // --- audio: speech in sentence windows, near-silence in the pauses
  for (const [label, pcm] of [
    ['mp3', decode(mp3)],
    ['hls', decode(playlist)],
  ]) {
    let minSpeech = Infinity;
    let minEdge = Infinity;
    let maxGap = -Infinity;
    let gapCount = 0;
    sentences.forEach((x, i) => {
      minSpeech = Math.min(minSpeech, dbfs(pcm, x.start, x.end));
      // the first and last 120 ms of a sentence must already carry sound
      minEdge = Math.min(minEdge, dbfs(pcm, x.start, x.start + 0.12), dbfs(pcm, x.end - 0.12, x.end));
      const gapEnd = i + 1 < sentences.length ? sentences[i + 1].start : s.duration;
      if (gapEnd - x.end > 0.1) {
        maxGap = Math.max(maxGap, dbfs(pcm, x.end + 0.02, gapEnd - 0.02));
        gapCount++;
      }
    });
    const lead = dbfs(pcm, 0, sentences[0].start - 0.02);
    maxGap = Math.max(maxGap, lead);
    console.log(
      `${name} ${label}: ${pcm.length / SR} s decoded; sentences min ${minSpeech.toFixed(1)} dBFS, ` +
        `sentence edges min ${minEdge.toFixed(1)} dBFS; ${gapCount + 1} pauses max ${maxGap.toFixed(1)} dBFS`,
    );
    assert(minSpeech > -35, `${name} ${label}: a sentence window is too quiet`);
    assert(minEdge > -50, `${name} ${label}: a sentence edge is silent (timing off?)`);
    assert(maxGap < -60, `${name} ${label}: a pause is not silent (timing off?)`);
  }
  console.log(
    `${name}: ok — duration ${s.duration} s, qna ${s.qna} s, ${s.chapters.length} chapters, ` +
      `${s.paragraphs.length} paragraphs, ${sentences.length} sentences, ${s.segments.length} segments`,
  );
}
