/**
 * Contract: live audio. Every event has a live-audio record with an id of its own (the event's id
 * + 764 in the sandbox; the real service's differ too: id 127537 for eventId 128301); past events
 * are recordingAvailable (a few failed); at every moment some call is live and another is due
 * within minutes; a scheduled call runs notLive → willBeLive → live → processingRecording →
 * recordingAvailable on the sandbox clock, and its recording shows up in /audio only then.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROCESSING_TIME, SLOT_SPACING, WILL_BE_LIVE_WINDOW } from '../../server/sandbox/live.ts';
import {
  call,
  checkAudio,
  checkEvent,
  checkLive,
  collectAll,
  FAILURE_STATES,
  get,
  getData,
  makeSandbox,
  NOW,
  ok,
  sampler,
  spread,
  V3,
  type Rec,
} from './contract-helpers.ts';

const { sandbox, clock } = makeSandbox();
const schedule = sandbox.schedule;
const MINUTE = 60_000;
const HAPPY_PATH = ['notLive', 'willBeLive', 'live', 'processingRecording', 'recordingAvailable'];

/** The sandbox's live-record id is the event id plus this (written out: the code under test's constant is not read). */
const LIVE_ID_GAP = 764;

/** The live-audio record of event `eventId`, read by its own id (endpoint 9), checked to be that event's. */
async function live(eventId: number): Promise<Rec> {
  const record = await getData(sandbox, `/live/audio/${eventId + LIVE_ID_GAP}`);
  checkLive(record);
  expect(record.eventId, `/live/audio/${eventId + LIVE_ID_GAP} is event ${eventId}'s`).toBe(eventId);
  return record;
}

/** Slots whose start lies in [from, to) on the sandbox clock. */
function slotsBetween(from: number, to: number): number[] {
  const first = Math.max(0, Math.ceil((from - schedule.slotStart(0)) / SLOT_SPACING));
  const out: number[] = [];
  for (let k = first; schedule.slotStart(k) < to; k++) out.push(k);
  return out;
}

/** Collapses consecutive repeats: [a, a, b, b, a] -> [a, b, a]. */
const runs = (values: string[]) => values.filter((v, i) => i === 0 || values[i - 1] !== v);

let audioAtNow: Rec[] = [];

beforeAll(async () => {
  clock.set(NOW);
  audioAtNow = await collectAll(sandbox, '/audio');
});

describe('every event has a live-audio record with an id of its own', () => {
  it('static events: the live record id is the event id + 764, its eventId the event id, with the same company and date', async () => {
    clock.set(NOW);
    const first = schedule.firstEventId;
    expect(first).toBeGreaterThan(10);
    for (let id = 1; id < first; id++) {
      const event = await getData(sandbox, `/events/${id}`);
      checkEvent(event);
      const record = await live(id);
      ok(record.id === id + 764, `live of event ${id}: id is ${record.id}`);
      ok(record.eventId === id, `live of event ${id}: eventId is ${record.eventId}`);
      ok(record.companyId === event.companyId, `live ${id}: companyId ${record.companyId}, the event's is ${event.companyId}`);
      ok(record.date === event.date, `live ${id}: date ${record.date}, the event's is ${event.date}`);
    }
  });

  it('scheduled events (past, current and announced ones) too', async () => {
    clock.set(NOW);
    const now = NOW;
    const ks = [...slotsBetween(now - 2 * 3_600_000, now + 2 * 3_600_000), ...spread(slotsBetween(now, now + 10 * 24 * 3_600_000), 30)];
    for (const k of ks) {
      const id = schedule.firstEventId + k;
      const event = await getData(sandbox, `/events/${id}`);
      checkEvent(event);
      expect(Date.parse(event.date), `event ${id} date`).toBe(schedule.slotStart(k));
      const record = await live(id);
      expect(record.id).toBe(id + 764);
      expect(record.eventId).toBe(id);
      expect(record.companyId).toBe(event.companyId);
      expect(record.date).toBe(event.date);
    }
  });

  it('an id that is not an event has no live record (404)', async () => {
    clock.set(NOW);
    const res = await call(sandbox, `${V3}/live/audio/987654321`);
    expect(res.status).toBe(404);
    expect((await call(sandbox, `${V3}/events/987654321`)).status).toBe(404);
    // Below the first live id there is no record either.
    for (const id of [0, 1, 763, 764]) expect((await call(sandbox, `${V3}/live/audio/${id}`)).status, `/live/audio/${id}`).toBe(404);
    expect((await getData(sandbox, '/live/audio/765')).eventId).toBe(1);
  });

  it("an event's id, asked of /live/audio/{id}, names another event's record (as with the real service)", async () => {
    clock.set(NOW);
    const record = await getData(sandbox, '/live/audio/1000');
    expect(record.id).toBe(1000);
    expect(record.eventId).toBe(236);
  });
});

describe('past events', () => {
  it('are recordingAvailable with an audio URL, or one of the failure states for a few', async () => {
    clock.set(NOW);
    const states = new Map<string, number>();
    const audioEvents = new Set(audioAtNow.map((a) => a.eventId as number));
    const withRecording: Rec[] = [];
    let past = 0;
    for (let id = 1; id < schedule.firstEventId; id++) {
      const record = await live(id);
      if (Date.parse(record.date) > NOW - 6 * 3_600_000) continue;
      past++;
      states.set(record.state, (states.get(record.state) ?? 0) + 1);
      expect(['recordingAvailable', ...FAILURE_STATES], `live ${id} of a past event`).toContain(record.state);
      if (record.state === 'recordingAvailable') {
        expect(typeof record.audio, `live ${id}.audio`).toBe('string');
        expect(record.wentLiveAt, `live ${id}.wentLiveAt`).not.toBeNull();
        expect(audioEvents.has(id), `past event ${id} is recordingAvailable, so /audio has its recording`).toBe(true);
        withRecording.push(record);
      }
    }
    expect(past).toBeGreaterThan(100);
    const failed = past - (states.get('recordingAvailable') ?? 0);
    expect(failed, `failures among ${past} past events: ${JSON.stringify(Object.fromEntries(states))}`).toBeGreaterThan(0);
    expect(failed / past, 'only a few past events failed').toBeLessThan(0.1);
    for (const record of spread(withRecording, 4)) {
      const res = await sandbox.fetch(new Request(record.audio));
      await res.arrayBuffer();
      expect(res.status, record.audio).toBe(200);
    }
  });
});

describe('nulls', () => {
  it('audio and wentLiveAt are null only before the call goes live (failure states included)', async () => {
    // upstream-facts: audio and wentLiveAt are null before the record goes live; nowhere else.
    // checkLive() already holds every record to "null before live"; this collects the records
    // that went live (wentLiveAt set) yet have no audio URL.
    clock.set(NOW);
    const offenders: string[] = [];
    const seen = new Map<string, number>();
    const look = (record: Rec, at: number) => {
      seen.set(record.state, (seen.get(record.state) ?? 0) + 1);
      if (record.wentLiveAt !== null && record.audio === null) {
        offenders.push(
          `GET /public/v3/live/audio/${record.id} at ${new Date(at).toISOString()}: state ${record.state}, wentLiveAt ${record.wentLiveAt}, audio null`,
        );
      }
    };
    for (let id = 1; id < schedule.firstEventId; id++) look(await live(id), NOW);
    for (const fate of ['interrupted', 'processingFailed'] as const) {
      const k = slotsBetween(NOW + 30 * MINUTE, NOW + 48 * 3_600_000).find((slot) => schedule.fate(slot) === fate)!;
      const at = schedule.slotStart(k) + 2 * 3_600_000;
      clock.set(at);
      look(await live(schedule.firstEventId + k), at);
    }
    clock.set(NOW);
    expect(seen.get('recordingAvailable')).toBeGreaterThan(0);
    expect(offenders, `${offenders.length} live records went live but have a null audio:\n${offenders.slice(0, 8).join('\n')}`).toEqual([]);
  });
});

describe('updatedAt of live records', () => {
  it('past events: createdAt <= updatedAt <= now, and updatedAt not before wentLiveAt (going live changes the record)', async () => {
    // upstream-facts: updatedAt changes when the record itself changes. A record that went live
    // (and then reached its final state) cannot have been last updated before it went live, or a
    // client syncing on updatedAt would never see the change.
    clock.set(NOW);
    const offenders: string[] = [];
    for (let id = 1; id < schedule.firstEventId; id++) {
      const l = await live(id);
      const created = Date.parse(l.createdAt);
      const updated = Date.parse(l.updatedAt);
      if (created > updated) offenders.push(`live ${id}: createdAt ${l.createdAt} after updatedAt ${l.updatedAt}`);
      if (updated > NOW) offenders.push(`live ${id}: updatedAt ${l.updatedAt} is in the future`);
      if (l.wentLiveAt !== null && updated < Date.parse(l.wentLiveAt)) {
        offenders.push(`GET /public/v3/live/audio/${l.id}: state ${l.state}, wentLiveAt ${l.wentLiveAt}, but updatedAt ${l.updatedAt}`);
      }
    }
    expect(offenders, `${offenders.length} live records with an impossible updatedAt:\n${offenders.slice(0, 8).join('\n')}`).toEqual([]);
  });

  it('scheduled calls: updatedAt moves forward whenever the state changes, and is never in the future', async () => {
    const slots = slotsBetween(NOW + 30 * MINUTE, NOW + 48 * 3_600_000);
    const picks = [
      slots.find((k) => schedule.fate(k) === 'ok')!,
      slots.find((k) => schedule.fate(k) === 'interrupted')!,
      slots.find((k) => schedule.fate(k) === 'notStarted')!,
      slots.find((k) => schedule.fate(k) === 'processingFailed')!,
    ];
    for (const k of picks) {
      const observations = await followSlot(k, 15_000);
      for (let i = 0; i < observations.length; i++) {
        const { t, record } = observations[i]!;
        const updated = Date.parse(record.updatedAt);
        const at = `event ${record.eventId} (${schedule.fate(k)}) at ${new Date(t).toISOString()} (${record.state})`;
        expect(updated, `${at}: updatedAt in the future`).toBeLessThanOrEqual(t);
        expect(Date.parse(record.createdAt), at).toBeLessThanOrEqual(updated);
        if (i === 0) continue;
        const previous = observations[i - 1]!;
        expect(updated, `${at}: updatedAt went backwards`).toBeGreaterThanOrEqual(Date.parse(previous.record.updatedAt));
        if (previous.record.state !== record.state) {
          expect(updated, `${at}: the state changed after ${new Date(previous.t).toISOString()} but updatedAt did not move`).toBeGreaterThan(previous.t);
        }
      }
    }
  });
});

describe('at every moment', () => {
  it('at least one call is live and another is willBeLive, due within minutes (many instants over hours)', async () => {
    const random = sampler(42);
    const instants: number[] = [];
    for (let i = 0; i < 150; i++) instants.push(NOW + Math.floor(random() * 5 * 3_600_000));
    // Days later too: the schedule keeps rolling.
    for (const days of [1, 3, 13, 30]) {
      for (let i = 0; i < 5; i++) instants.push(NOW + days * 24 * 3_600_000 + Math.floor(random() * 3_600_000));
    }
    // The moments when the set of live calls can change, over three hours: each call's start and
    // end (and a millisecond before each).
    for (const k of slotsBetween(NOW, NOW + 3 * 3_600_000)) {
      const start = schedule.slotStart(k);
      const end = start + schedule.durationMs(k);
      instants.push(start - 1, start, end - 1, end);
    }
    let checked = 0;
    for (const t of instants.sort((a, b) => a - b)) {
      clock.set(t);
      const at = new Date(t).toISOString();
      // Some call that started in the last ten minutes is live (latest first).
      let liveId: number | undefined;
      for (const k of slotsBetween(t - 10 * MINUTE, t + 1).reverse()) {
        const record = await live(schedule.firstEventId + k);
        if (record.state === 'live') {
          expect(Date.parse(record.wentLiveAt), `live ${record.id} went live before ${at}`).toBeLessThanOrEqual(t);
          liveId = record.id;
          break;
        }
      }
      expect(liveId, `a call is live at ${at}`).toBeDefined();
      // Another call is willBeLive and due within WILL_BE_LIVE_WINDOW (nearest first).
      let dueId: number | undefined;
      for (const k of slotsBetween(t + 1, t + WILL_BE_LIVE_WINDOW + 1)) {
        const record = await live(schedule.firstEventId + k);
        if (record.state === 'willBeLive') {
          dueId = record.id;
          break;
        }
      }
      expect(dueId, `a call is willBeLive, due within minutes, at ${at}`).toBeDefined();
      expect(dueId).not.toBe(liveId);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
    clock.set(NOW);
  });

  it('sampleIds() names a live and a willBeLive event, and their live records, that the API agrees with', async () => {
    clock.set(NOW + 17 * MINUTE);
    const ids = sandbox.sampleIds();
    expect(ids.liveEventId).toBeDefined();
    expect(ids.willBeLiveEventId).toBeDefined();
    expect(ids.liveId).toBe(ids.liveEventId! + 764);
    expect(ids.willBeLiveId).toBe(ids.willBeLiveEventId! + 764);
    expect((await live(ids.liveEventId!)).state).toBe('live');
    expect((await live(ids.willBeLiveEventId!)).state).toBe('willBeLive');
    const byOwnId = await getData(sandbox, `/live/audio/${ids.liveId}`);
    expect(byOwnId).toMatchObject({ id: ids.liveId, eventId: ids.liveEventId, state: 'live' });
    clock.set(NOW);
  });
});

interface Observation {
  t: number;
  record: Rec;
  audio: Rec[];
}

/** Steps the clock over slot k's whole life, observing the live record and /audio?eventIds. */
async function followSlot(k: number, step = 5_000): Promise<Observation[]> {
  const id = schedule.firstEventId + k;
  const start = schedule.slotStart(k);
  const end = start + schedule.durationMs(k) + PROCESSING_TIME;
  const observations: Observation[] = [];
  const times: number[] = [];
  for (let t = start - WILL_BE_LIVE_WINDOW - 2 * MINUTE; t <= end + 2 * MINUTE; t += step) times.push(t);
  // The exact edges as well.
  times.push(
    start - WILL_BE_LIVE_WINDOW - 1,
    start - WILL_BE_LIVE_WINDOW,
    start - 1,
    start,
    start + schedule.durationMs(k) - 1,
    start + schedule.durationMs(k),
    end - 1,
    end,
  );
  for (const t of times.sort((a, b) => a - b)) {
    clock.set(t);
    const record = await live(id);
    const audio = (await get(sandbox, '/audio', { eventIds: id, limit: 500 })).data as Rec[];
    observations.push({ t, record, audio });
  }
  clock.set(NOW);
  return observations;
}

describe('live URLs', () => {
  it('the audio URL of a live call (playlist) and of an available recording (file) resolve', async () => {
    clock.set(NOW + 40 * MINUTE);
    const around = slotsBetween(NOW + 25 * MINUTE, NOW + 40 * MINUTE);
    const records = await Promise.all(around.map((k) => live(schedule.firstEventId + k)));
    const urls = records.filter((r) => r.state === 'live' || r.state === 'recordingAvailable').map((r) => r.audio as string);
    expect(records.some((r) => r.state === 'live')).toBe(true);
    expect(records.some((r) => r.state === 'recordingAvailable')).toBe(true);
    for (const url of urls) {
      const res = await sandbox.fetch(new Request(url));
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
    }
    clock.set(NOW);
  });
});

describe('later in the day, with many scheduled recordings and transcripts', () => {
  it('pagination and the date and id filters still hold', async () => {
    const later = NOW + 6 * 3_600_000;
    clock.set(later);
    for (const path of ['/audio', '/documents/transcripts']) {
      const asc500 = await collectAll(sandbox, path);
      const scheduled = asc500.filter((r) => r.eventId >= schedule.firstEventId);
      expect(scheduled.length, `${path}: scheduled records by ${new Date(later).toISOString()}`).toBeGreaterThan(20);
      const desc = await collectAll(sandbox, path, {}, 'desc');
      expect(desc.map((r) => r.id)).toEqual(asc500.map((r) => r.id).reverse());
      const page7: Rec[] = [];
      let cursor: number | undefined;
      for (let i = 0; i < 2000; i++) {
        const body = await get(sandbox, path, { limit: 7, cursor, direction: 'desc' });
        page7.push(...body.data);
        if (body.pagination.nextCursor === null) break;
        cursor = body.pagination.nextCursor;
      }
      expect(
        page7.map((r) => r.id),
        `${path} limit 7 desc`,
      ).toEqual(desc.map((r) => r.id));
      // startDate = now - 5 h: only scheduled events qualify (static ones are older than a day).
      const from = later - 5 * 3_600_000;
      const dates = new Map<number, number>();
      for (const r of scheduled) dates.set(r.eventId, Date.parse((await getData(sandbox, `/events/${r.eventId}`)).date));
      const filtered = await collectAll(sandbox, path, { startDate: new Date(from).toISOString() });
      expect(filtered.map((r) => r.id)).toEqual(asc500.filter((r) => (dates.get(r.eventId) ?? 0) >= from).map((r) => r.id));
      const some = scheduled.slice(0, 5).map((r) => r.eventId);
      const byEvent = await collectAll(sandbox, path, { eventIds: some.join(',') });
      expect(byEvent.map((r) => r.id)).toEqual(asc500.filter((r) => some.includes(r.eventId)).map((r) => r.id));
    }
    clock.set(NOW);
  });
});

describe('a scheduled call on the sandbox clock', () => {
  const okSlots = () =>
    slotsBetween(NOW + 30 * MINUTE, NOW + 3 * 3_600_000)
      .filter((k) => schedule.fate(k) === 'ok')
      .slice(0, 3);

  it('runs notLive → willBeLive → live → processingRecording → recordingAvailable', async () => {
    const slots = okSlots();
    expect(slots.length).toBe(3);
    for (const k of slots) {
      const observations = await followSlot(k);
      const id = schedule.firstEventId + k;
      expect(runs(observations.map((o) => o.record.state)), `states of event ${id}`).toEqual(HAPPY_PATH);
      const start = schedule.slotStart(k);
      for (const { t, record } of observations) {
        const at = `event ${id} at start${t - start >= 0 ? '+' : ''}${(t - start) / 1000}s (${record.state})`;
        // The moments of each state, on the sandbox clock.
        if (record.state === 'notLive') expect(t, at).toBeLessThan(start - WILL_BE_LIVE_WINDOW);
        if (record.state === 'willBeLive') {
          expect(t, at).toBeGreaterThanOrEqual(start - WILL_BE_LIVE_WINDOW);
          expect(t, at).toBeLessThan(start);
        }
        if (record.state === 'live') {
          expect(t, at).toBeGreaterThanOrEqual(start);
          expect(t, at).toBeLessThan(start + schedule.durationMs(k));
        }
        if (record.state === 'processingRecording') {
          expect(t, at).toBeGreaterThanOrEqual(start + schedule.durationMs(k));
          expect(t, at).toBeLessThan(start + schedule.durationMs(k) + PROCESSING_TIME);
        }
        if (record.state === 'recordingAvailable') expect(t, at).toBeGreaterThanOrEqual(start + schedule.durationMs(k) + PROCESSING_TIME);
      }
    }
  });

  it('has audio and wentLiveAt null before live, an .m3u8 audio while live, and keeps wentLiveAt once live', async () => {
    for (const k of okSlots()) {
      const observations = await followSlot(k, 15_000);
      const wentLive = new Set<string>();
      for (const { t, record } of observations) {
        const at = `event ${record.eventId} at ${new Date(t).toISOString()} (${record.state})`;
        if (record.state === 'notLive' || record.state === 'willBeLive') {
          expect(record.audio, at).toBeNull();
          expect(record.wentLiveAt, at).toBeNull();
        } else {
          expect(record.wentLiveAt, at).not.toBeNull();
          expect(Date.parse(record.wentLiveAt), at).toBeLessThanOrEqual(t);
          expect(Date.parse(record.wentLiveAt), at).toBeGreaterThanOrEqual(Date.parse(record.date));
          wentLive.add(record.wentLiveAt);
        }
        if (record.state === 'live') expect(new URL(record.audio).pathname, at).toMatch(/\.m3u8$/);
        if (record.state === 'recordingAvailable') expect(typeof record.audio, at).toBe('string');
      }
      expect(wentLive.size, 'wentLiveAt does not change once set').toBe(1);
    }
  });

  it('its recording appears in /audio (filter eventIds) only once the state is recordingAvailable', async () => {
    for (const k of okSlots()) {
      const observations = await followSlot(k);
      const id = schedule.firstEventId + k;
      for (const { t, record, audio } of observations) {
        const at = `event ${id} at ${new Date(t).toISOString()} (${record.state})`;
        if (record.state === 'recordingAvailable') {
          expect(audio.length, `${at}: one recording in /audio`).toBe(1);
          checkAudio(audio[0]!, false);
          expect(audio[0]!.eventId, at).toBe(id);
          expect(audio[0]!.companyId, at).toBe(record.companyId);
        } else {
          expect(audio, `${at}: no recording in /audio yet`).toEqual([]);
        }
      }
      // Once available, the recording is a full audio record with chapters.
      clock.set(schedule.slotStart(k) + schedule.durationMs(k) + PROCESSING_TIME + MINUTE);
      const [recording] = (await get(sandbox, '/audio', { eventIds: id, expand: 'event' })).data as Rec[];
      checkAudio(recording!, true);
      expect(await getData(sandbox, `/audio/${recording!.id}`, { expand: 'event' })).toEqual(recording);
      const all = await collectAll(sandbox, '/audio', {}, 'desc');
      expect(
        all.filter((a) => a.eventId === id).map((a) => a.id),
        'the unfiltered list has it once',
      ).toEqual([recording!.id]);
      const chapters = (await get(sandbox, `/audio/${recording!.id}/chapters`)).data as Rec[];
      expect(chapters.length).toBeGreaterThan(0);
      clock.set(NOW);
    }
  });

  it('a call that fails leaves the happy path for a failure state and never shows a recording in /audio', async () => {
    const slots = slotsBetween(NOW + 30 * MINUTE, NOW + 48 * 3_600_000);
    const wanted: Record<string, string[]> = {
      interrupted: ['notLive', 'willBeLive', 'live', 'liveFailedInterrupted'],
      notStarted: ['notLive', 'willBeLive', 'liveFailedNotStarted'],
      processingFailed: ['notLive', 'willBeLive', 'live', 'processingRecording', 'processingRecordingFailed'],
    };
    for (const [fate, path] of Object.entries(wanted)) {
      const k = slots.find((slot) => schedule.fate(slot) === fate);
      expect(k, `a slot with fate ${fate} in the next two days`).toBeDefined();
      const observations = await followSlot(k!, 10_000);
      expect(runs(observations.map((o) => o.record.state)), `states of a call with fate ${fate}`).toEqual(path);
      for (const o of observations) expect(o.audio, `${fate} at ${o.record.state}`).toEqual([]);
      // Long after, still no recording.
      clock.set(schedule.slotStart(k!) + 3 * 3_600_000);
      expect((await get(sandbox, '/audio', { eventIds: schedule.firstEventId + k! })).data).toEqual([]);
      clock.set(NOW);
    }
  });
});
