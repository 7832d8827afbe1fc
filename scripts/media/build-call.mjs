#!/usr/bin/env node
// Builds the speech media of one fictional earnings call. Plain Node, no npm
// dependencies; needs espeak-ng (synth) and ffprobe (finalize) on PATH.
//
//   node build-call.mjs synth <calls/call-N.txt> <workdir>
//       Parses the call script, speaks it sentence by sentence with espeak-ng,
//       trims each sentence's leading/trailing silence, levels the speakers,
//       joins everything with fixed pauses into <workdir>/master.wav
//       (22050 Hz mono s16) and writes <workdir>/timeline.json with the exact
//       sample position of every sentence.
//   node build-call.mjs finalize <workdir>/timeline.json <outdir>
//       Reads <outdir>/audio.mp3 and <outdir>/hls/index.m3u8 (made by
//       generate.sh with ffmpeg) and writes <outdir>/script.json.
//
// The source format is described at the top of calls/call-1.txt.

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const SR = 22050;
// Pauses inserted between sentences (seconds).
const PAUSE_SENTENCE = 0.25; // same speaker, next sentence
const PAUSE_CHAPTER = 0.45; // same speaker, but a new chapter starts
const PAUSE_SPEAKER = 0.6; // a different speaker takes over
const LEAD_IN = 0.5; // silence before the first sentence
const TAIL = 1.0; // silence after the last sentence
// Silence trimming of each synthesized sentence.
const TRIM_THRESHOLD = 200; // |sample| above this counts as sound (s16)
const TRIM_HEAD = 0.015; // keep this much before the first sound
const TRIM_TAIL = 0.04; // and this much after the last sound
// Speaker levelling: each speaker's RMS is brought to this level (s16),
// unless that would push a peak above PEAK_LIMIT.
const TARGET_RMS = 3000;
const PEAK_LIMIT = 31000;

// Header lines `fact <key>=<value>`: figures the call says, copied into script.json
// "facts" in this order (all percent numbers but guidance). check.mjs verifies that
// each number is said in the transcript.
const FACT_KEYS = ['revenueGrowth', 'grossMargin', 'operatingMargin', 'guidanceLow', 'guidanceHigh', 'guidance'];
const GUIDANCE = ['raised', 'kept', 'cut'];

const samplesOf = (seconds) => Math.round(seconds * SR);
const r3 = (x) => Math.round(x * 1000) / 1000;

function fail(msg) {
  console.error(`build-call: ${msg}`);
  process.exit(1);
}

// ---------------------------------------------------------------- parsing

function parseSource(file) {
  const m = /call-(\d+)\.txt$/.exec(path.basename(file));
  if (!m) fail(`${file}: file name must be call-<n>.txt`);
  const call = { id: Number(m[1]), title: null, facts: {}, speakers: [], paragraphs: [], chapters: [] };
  let pending = []; // chapter markers waiting for their first sentence
  let para = null;
  let lastLevel1 = null;

  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) return;
    let mm;
    if ((mm = /^title:\s*(.+)$/.exec(line))) {
      call.title = mm[1];
    } else if ((mm = /^fact\s+(\w+)=(\S+)$/.exec(line))) {
      const [, key, value] = mm;
      if (!FACT_KEYS.includes(key)) fail(`${where}: unknown fact "${key}" (known: ${FACT_KEYS.join(', ')})`);
      if (key in call.facts) fail(`${where}: fact "${key}" given twice`);
      if (key === 'guidance') {
        if (!GUIDANCE.includes(value)) fail(`${where}: guidance must be one of ${GUIDANCE.join(', ')}`);
        call.facts[key] = value;
      } else {
        if (!/^-?\d+(\.\d+)?$/.test(value)) fail(`${where}: fact "${key}" must be a number`);
        call.facts[key] = Number(value);
      }
    } else if ((mm = /^speaker\s+(\d+)\s*\|(.*)$/.exec(line))) {
      const n = Number(mm[1]);
      if (n !== call.speakers.length) fail(`${where}: speakers must be numbered 0, 1, 2, ... in order`);
      const s = { speaker: n };
      for (const field of mm[2].split('|')) {
        const kv = /^\s*(\w+)=(.*?)\s*$/.exec(field);
        if (!kv) fail(`${where}: bad speaker field "${field}"`);
        s[kv[1]] = kv[2];
      }
      for (const k of ['role', 'voice', 'pitch', 'speed']) if (!s[k]) fail(`${where}: speaker needs ${k}=`);
      if (s.role === 'Analyst' && !(s.name && s.company)) fail(`${where}: an analyst needs name= and company=`);
      call.speakers.push(s);
    } else if ((mm = /^(#{1,2})\s+(.+)$/.exec(line))) {
      const level = mm[1].length;
      if (level === 2 && !lastLevel1 && !pending.some((c) => c.level === 1)) fail(`${where}: level 2 chapter before any level 1 chapter`);
      const ch = { title: mm[2], level };
      if (level === 1) lastLevel1 = ch;
      pending.push(ch);
    } else if ((mm = /^@(\d+)$/.exec(line))) {
      const n = Number(mm[1]);
      if (!call.speakers[n]) fail(`${where}: unknown speaker ${n}`);
      if (para && para.sentences.length === 0) fail(`${where}: empty speaker turn`);
      if (para && para.speaker === n) fail(`${where}: speaker ${n} follows itself; merge the turns`);
      para = { speaker: n, sentences: [] };
      call.paragraphs.push(para);
    } else {
      if (!para) fail(`${where}: sentence before the first @speaker line`);
      if (!/[.?!]$/.test(line)) fail(`${where}: a sentence must end with . ? or !`);
      if (/[0-9\-\u2013\u2014&/"]/.test(line)) fail(`${where}: write figures as words and avoid - & / " (they are spoken oddly or break word timing)`);
      const sentence = { text: line, speaker: para.speaker, chapters: pending };
      for (const c of pending) c.first = sentence;
      call.chapters.push(...pending);
      pending = [];
      para.sentences.push(sentence);
    }
  });
  if (pending.length) fail(`${file}: chapter(s) without sentences at the end`);
  if (!call.title) fail(`${file}: missing title:`);
  if (!('guidance' in call.facts)) fail(`${file}: missing fact guidance=`);
  if (call.facts.guidanceLow > call.facts.guidanceHigh) fail(`${file}: guidanceLow above guidanceHigh`);
  call.facts = Object.fromEntries(FACT_KEYS.filter((k) => k in call.facts).map((k) => [k, call.facts[k]]));
  if (!call.chapters.length || call.chapters[0].level !== 1 || call.chapters[0].first !== call.paragraphs[0].sentences[0])
    fail(`${file}: the first sentence must open a level 1 chapter`);
  if (call.chapters.filter((c) => c.title === 'Q&A' && c.level === 1).length !== 1) fail(`${file}: exactly one level 1 chapter "Q&A" is needed`);
  for (const sp of call.speakers.filter((s) => s.role === 'Analyst')) {
    const title = `Question from ${sp.name}, ${sp.company}`;
    if (call.chapters.filter((c) => c.title === title && c.level === 2).length !== 1) fail(`${file}: expected one chapter "## ${title}"`);
  }
  for (const c of call.chapters) {
    const q = /^Question from (.+), (.+)$/.exec(c.title);
    if (q && !call.speakers.some((s) => s.role === 'Analyst' && s.name === q[1] && s.company === q[2]))
      fail(`${file}: chapter "${c.title}" names no declared analyst`);
  }
  return call;
}

// ---------------------------------------------------------------- WAV I/O

function readWav(file) {
  const b = fs.readFileSync(file);
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE') fail(`${file}: not a WAV file`);
  let off = 12;
  let fmt = null;
  while (off + 8 <= b.length) {
    const id = b.toString('ascii', off, off + 4);
    let size = b.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      fmt = { format: b.readUInt16LE(body), channels: b.readUInt16LE(body + 2), rate: b.readUInt32LE(body + 4), bits: b.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!fmt || fmt.format !== 1 || fmt.channels !== 1 || fmt.bits !== 16 || fmt.rate !== SR)
        fail(`${file}: expected ${SR} Hz mono 16-bit PCM, got ${JSON.stringify(fmt)}`);
      size = Math.min(size, b.length - body) & ~1; // espeak may leave a placeholder size
      const out = new Int16Array(size / 2);
      for (let i = 0; i < out.length; i++) out[i] = b.readInt16LE(body + 2 * i);
      return out;
    }
    off = body + size + (size & 1);
  }
  fail(`${file}: no data chunk`);
}

function writeWav(file, samples) {
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(SR, 24);
  b.writeUInt32LE(SR * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) b.writeInt16LE(samples[i], 44 + 2 * i);
  fs.writeFileSync(file, b);
}

// ---------------------------------------------------------------- synth

function synth(srcFile, workdir) {
  const call = parseSource(srcFile);
  fs.mkdirSync(workdir, { recursive: true });
  const tmpWav = path.join(workdir, 'sentence.wav');
  const sentences = call.paragraphs.flatMap((p) => p.sentences);

  // 1. speak and trim every sentence
  for (const s of sentences) {
    const sp = call.speakers[s.speaker];
    execFileSync('espeak-ng', ['-z', '-v', sp.voice, '-p', sp.pitch, '-s', sp.speed, '-w', tmpWav, s.text], { stdio: ['ignore', 'ignore', 'inherit'] });
    const pcm = readWav(tmpWav);
    let a = 0;
    let z = pcm.length - 1;
    while (a < pcm.length && Math.abs(pcm[a]) <= TRIM_THRESHOLD) a++;
    while (z > a && Math.abs(pcm[z]) <= TRIM_THRESHOLD) z--;
    if (a >= pcm.length) fail(`espeak-ng produced silence for: ${s.text}`);
    a = Math.max(0, a - samplesOf(TRIM_HEAD));
    z = Math.min(pcm.length, z + 1 + samplesOf(TRIM_TAIL));
    s.pcm = pcm.subarray(a, z);
  }
  fs.rmSync(tmpWav);

  // 2. per-speaker gain
  const gains = call.speakers.map((sp) => {
    let sum = 0;
    let n = 0;
    let peak = 1;
    for (const s of sentences.filter((x) => x.speaker === sp.speaker)) {
      for (const v of s.pcm) {
        sum += v * v;
        peak = Math.max(peak, Math.abs(v));
      }
      n += s.pcm.length;
    }
    if (!n) fail(`speaker ${sp.speaker} never speaks`);
    return Math.min(TARGET_RMS / Math.sqrt(sum / n), PEAK_LIMIT / peak);
  });

  // 3. lay out the timeline
  let pos = samplesOf(LEAD_IN);
  let prev = null;
  for (const p of call.paragraphs) {
    p.sentences.forEach((s, i) => {
      if (prev) pos += samplesOf(i === 0 ? PAUSE_SPEAKER : s.chapters.length ? PAUSE_CHAPTER : PAUSE_SENTENCE);
      s.startSample = pos;
      pos += s.pcm.length;
      s.endSample = pos;
      prev = s;
    });
  }
  const total = pos + samplesOf(TAIL);
  const out = new Int16Array(total);
  for (const s of sentences) {
    const g = gains[s.speaker];
    for (let i = 0; i < s.pcm.length; i++) out[s.startSample + i] = Math.max(-32768, Math.min(32767, Math.round(s.pcm[i] * g)));
  }
  writeWav(path.join(workdir, 'master.wav'), out);

  // 4. timeline (sample positions are exact; seconds are derived later)
  const index = new Map(sentences.map((s, i) => [s, i]));
  const timeline = {
    id: call.id,
    title: call.title,
    facts: call.facts,
    sampleRate: SR,
    samples: total,
    speakers: call.speakers.map((s) => {
      const o = { speaker: s.speaker, role: s.role };
      if (s.name) o.name = s.name;
      if (s.company) o.company = s.company;
      return o;
    }),
    chapters: call.chapters.map((c) => ({ title: c.title, level: c.level, firstSentence: index.get(c.first) })),
    paragraphs: call.paragraphs.map((p) => ({
      speaker: p.speaker,
      sentences: p.sentences.map((s) => ({ text: s.text, startSample: s.startSample, endSample: s.endSample })),
    })),
  };
  fs.writeFileSync(path.join(workdir, 'timeline.json'), JSON.stringify(timeline, null, 1) + '\n');
  const words = sentences.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  const speech = sentences.reduce((n, s) => n + s.pcm.length, 0) / SR;
  console.log(
    `call ${call.id}: ${(total / SR).toFixed(3)} s, ${sentences.length} sentences, ${words} words, ` +
      `${((words / speech) * 60).toFixed(0)} wpm while speaking, ${((words / (total / SR)) * 60).toFixed(0)} wpm overall`,
  );
}

// ---------------------------------------------------------------- finalize

function wordsOf(sentence) {
  const tokens = sentence.text.split(/\s+/).filter(Boolean);
  const words = tokens.map((t) =>
    t
      .toLowerCase()
      .replace(/[^a-z0-9']/g, '')
      .replace(/^'+|'+$/g, ''),
  );
  const weights = words.map((w) => Math.max(1, w.length));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const span = sentence.end - sentence.start;
  let acc = 0;
  const bounds = [sentence.start];
  for (const w of weights) {
    acc += w;
    bounds.push(r3(sentence.start + (span * acc) / totalWeight));
  }
  bounds[bounds.length - 1] = sentence.end;
  return tokens.map((t, i) => ({ word: words[i], punctuated_word: t, start: bounds[i], end: bounds[i + 1] }));
}

function finalize(timelineFile, outdir) {
  const tl = JSON.parse(fs.readFileSync(timelineFile, 'utf8'));
  const mp3 = path.join(outdir, 'audio.mp3');
  const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', mp3], { encoding: 'utf8' });
  const duration = r3(Number(probed.trim()));
  if (!Number.isFinite(duration) || Math.abs(duration - tl.samples / tl.sampleRate) > 0.1)
    fail(`mp3 duration ${probed.trim()} does not match the ${tl.samples / tl.sampleRate} s master`);

  const playlist = fs.readFileSync(path.join(outdir, 'hls', 'index.m3u8'), 'utf8').split(/\r?\n/);
  const segments = [];
  for (let i = 0; i < playlist.length; i++) {
    const m = /^#EXTINF:([0-9.]+),/.exec(playlist[i]);
    if (m) segments.push({ uri: playlist[i + 1].trim(), duration: r3(Number(m[1])) });
  }
  if (!segments.length) fail('no segments in index.m3u8');
  for (const s of segments) if (!fs.existsSync(path.join(outdir, 'hls', s.uri))) fail(`missing segment ${s.uri}`);

  const sec = (n) => r3(n / tl.sampleRate);
  const paragraphs = tl.paragraphs.map((p) => {
    const sentences = p.sentences.map((s) => {
      const o = { text: s.text, start: sec(s.startSample), end: sec(s.endSample) };
      o.words = wordsOf(o);
      return o;
    });
    return { speaker: p.speaker, start: sentences[0].start, end: sentences[sentences.length - 1].end, sentences };
  });
  const flat = paragraphs.flatMap((p) => p.sentences);

  // chapters: start at their first sentence; level 1 chapters are contiguous
  // over 0..duration, level 2 chapters run to the next sibling or the parent's end
  const chapters = tl.chapters.map((c) => ({ title: c.title, level: c.level, start: flat[c.firstSentence].start, end: null }));
  chapters[0].start = 0;
  const level1 = chapters.filter((c) => c.level === 1);
  level1.forEach((c, i) => (c.end = i + 1 < level1.length ? level1[i + 1].start : duration));
  let parent = null;
  chapters.forEach((c, i) => {
    if (c.level === 1) {
      parent = c;
      return;
    }
    const next = chapters[i + 1];
    c.end = next && next.level === 2 ? next.start : parent.end;
    if (!(c.start >= parent.start && c.end <= parent.end && c.start < c.end)) fail(`chapter "${c.title}" is not inside "${parent.title}"`);
  });
  const qna = chapters.find((c) => c.level === 1 && c.title === 'Q&A').start;

  const script = {
    id: tl.id,
    title: tl.title,
    facts: tl.facts,
    duration,
    mp3Bytes: fs.statSync(mp3).size,
    segments,
    speakers: tl.speakers,
    qna,
    chapters,
    paragraphs,
  };
  fs.writeFileSync(path.join(outdir, 'script.json'), format(script) + '\n');
  console.log(
    `call ${tl.id}: duration ${duration} s, qna ${qna} s, ${segments.length} segments, ${chapters.length} chapters, ` +
      `${paragraphs.length} paragraphs, ${flat.length} sentences`,
  );
}

// JSON with one line per "leaf" object (words, segments, chapters, speakers),
// so the file stays readable and diffs stay small.
function format(v, indent = '') {
  const isLeaf = (x) => x && typeof x === 'object' && !Array.isArray(x) && Object.values(x).every((y) => y === null || typeof y !== 'object');
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    const inner = indent + '  ';
    return '[\n' + v.map((x) => inner + format(x, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (v && typeof v === 'object') {
    if (isLeaf(v))
      return (
        '{ ' +
        Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`)
          .join(', ') +
        ' }'
      );
    const inner = indent + '  ';
    return (
      '{\n' +
      Object.entries(v)
        .map(([k, x]) => `${inner}${JSON.stringify(k)}: ${format(x, inner)}`)
        .join(',\n') +
      '\n' +
      indent +
      '}'
    );
  }
  return JSON.stringify(v);
}

// ---------------------------------------------------------------- main

const [cmd, a, b] = process.argv.slice(2);
if (cmd === 'synth' && a && b) synth(a, b);
else if (cmd === 'finalize' && a && b) finalize(a, b);
else fail('usage: build-call.mjs synth <call.txt> <workdir> | finalize <timeline.json> <outdir>');
