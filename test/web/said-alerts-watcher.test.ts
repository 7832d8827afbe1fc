/** The alert watcher: which calls it follows, and each sentence checked once. Driven by hand-built transcript views. */
import { afterEach, describe, expect, it } from 'vitest';
import { createAlertTray, createSaidAlertWatcher, watchRules, type SaidAlert, type WatchedCall } from '../../src/features/live/said-alerts-watcher.ts';
import type { SavedSearch } from '../../src/lib/transcript-search/saved.ts';
import type { WatchedTerm } from '../../src/lib/watched-terms.ts';
import { followed, liveSubscriptions, liveTranscriptModule, resetLiveTranscriptFake, rolling, setLiveView } from '../support/live-transcript-fake.ts';

afterEach(resetLiveTranscriptFake);

const call = (id: number, companyId: number, state = 'live'): WatchedCall => ({
  id,
  eventId: id - 764,
  companyId,
  state,
  date: '2026-11-21T11:58:00.000Z',
  wentLiveAt: '2026-11-21T11:58:00.000Z',
  audio: `https://media.example/live/${id}.m3u8`,
  createdAt: '2026-11-07T11:58:00.000Z',
  updatedAt: '2026-11-21T11:58:00.000Z',
});
const term = (id: string, text: string, scope: WatchedTerm['scope']): WatchedTerm => ({ id, text, scope, addedAt: '2026-11-21T12:00:00.000Z' });

function setup() {
  const alerts: SaidAlert[] = [];
  let clock = 1_000;
  const watcher = createSaidAlertWatcher({ subscribe: liveTranscriptModule.subscribeLiveTranscript, onAlert: (alert) => alerts.push(alert), now: () => clock });
  const said = () => alerts.map((a) => `${a.call.id} ${a.rule.label} @${a.sentence.start}: ${a.sentence.text}`);
  return { watcher, alerts, said, tick: (ms: number) => (clock += ms) };
}

describe('which calls are followed', () => {
  it('follows only the live calls some rule is for, at background pace, and leaves them when they go', () => {
    const { watcher } = setup();
    const rules = watchRules([term('t1', 'tariffs', 'watchlist')], [], [40]);
    watcher.update([call(1911, 40), call(1912, 41), call(1913, 40, 'processingRecording')], rules);
    expect(watcher.followed()).toEqual([1911]);
    expect(liveSubscriptions).toEqual([{ liveId: 1911, pace: 'background' }]);

    // A term for every live call: the other call too (still one subscription for the first).
    watcher.update([call(1911, 40), call(1912, 41)], watchRules([term('t1', 'tariffs', 'watchlist'), term('t2', 'duties', 'all')], [], [40]));
    expect(watcher.followed()).toEqual([1911, 1912]);
    expect(liveSubscriptions).toHaveLength(2);

    // The call ended (no longer listed as live): left.
    watcher.update([call(1912, 41)], watchRules([term('t2', 'duties', 'all')], [], [40]));
    expect(followed()).toEqual([1912]);
    watcher.stop();
    expect(followed()).toEqual([]);
  });

  it('takes a watched saved search with its company filter as its scope, else the watchlist it searches, else every call', () => {
    const saved = (id: string, params: SavedSearch['params'], watchLive = true): SavedSearch => ({
      id,
      name: id,
      params,
      savedAt: '2026-11-01T00:00:00.000Z',
      lastOpenedAt: '2026-11-01T00:00:00.000Z',
      hits: null,
      watchLive,
    });
    const rules = watchRules(
      [],
      [
        saved('two companies', { q: 'tariffs', companyIds: [41, 42] }),
        saved('watchlist', { q: 'duties', watchlist: true }),
        saved('anywhere', { q: '"gross margin"' }),
        saved('not watched', { q: 'capex' }, false),
      ],
      [40],
    );
    expect(rules.map((r) => [r.label, r.scope.kind === 'all' ? 'all' : [...r.scope.ids]])).toEqual([
      ['two companies', [41, 42]],
      ['watchlist', [40]],
      ['anywhere', 'all'],
    ]);
  });
});

describe('each sentence checked once', () => {
  const rules = watchRules([term('t1', 'tariffs', 'all')], [], []);

  it('alerts when a complete sentence says the term, once, through refinements and repeated views', () => {
    const { watcher, alerts, said } = setup();
    watcher.update([call(1911, 40)], rules);
    setLiveView(1911, rolling([['Good morning, everyone.', 0, 2]]));
    // The sentence being spoken is not checked yet: its end may still be coming.
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['We expect new tariffs', 2.5, 4],
      ]),
    );
    expect(alerts).toEqual([]);
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['We expect new tariffs next year.', 2.5, 5],
        ['Thank you.', 5.5, 6],
      ]),
    );
    expect(said()).toEqual(['1911 tariffs @2.5: We expect new tariffs next year.']);
    expect(alerts[0]).toMatchObject({ id: '1911:term:t1:2.5', ranges: [[14, 21]], raisedAt: 1_000, sentence: { index: 1, start: 2.5, end: 5 } });

    // The same view again, and a refinement of that sentence (a word changed in place): no second alert.
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['We expect new tariffs next year.', 2.5, 5],
        ['Thank you.', 5.5, 6],
      ]),
    );
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['We expect new tariffs this year.', 2.5, 5],
        ['Thank you.', 5.5, 6.5],
      ]),
    );
    // A paragraph-insert splitting it: the second half is not a new alert either.
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['We expect new', 2.5, 3.4],
        ['tariffs this year.', 3.5, 5],
        ['Thank you.', 5.5, 6.5],
        ['Next.', 7, 8],
      ]),
    );
    expect(alerts).toHaveLength(1);

    // A later sentence that says it again is a new alert.
    setLiveView(
      1911,
      rolling([
        ['Good morning, everyone.', 0, 2],
        ['Tariffs again.', 9, 10],
        ['Done.', 11, 12],
      ]),
    );
    expect(said()).toEqual(['1911 tariffs @2.5: We expect new tariffs next year.', '1911 tariffs @9: Tariffs again.']);
  });

  it('checks the last sentence once the file has ended', () => {
    const { watcher, said } = setup();
    watcher.update([call(1911, 40)], rules);
    setLiveView(1911, rolling([['Closing on tariffs.', 0, 2]]));
    expect(said()).toEqual([]);
    setLiveView(1911, { state: 'ended', snapshot: rolling([['Closing on tariffs.', 0, 2]], { end: { code: 0 } }).snapshot });
    expect(said()).toEqual(['1911 tariffs @0: Closing on tariffs.']);
  });

  it('alerts only for the calls of the rule’s companies', () => {
    const { watcher, said } = setup();
    watcher.update([call(1911, 40), call(1912, 41)], watchRules([term('t1', 'tariffs', 'watchlist'), term('t2', 'capex', 'all')], [], [41]));
    const view = rolling([
      ['Tariffs and capex.', 0, 2],
      ['Next.', 3, 4],
    ]);
    setLiveView(1911, view);
    setLiveView(1912, view);
    expect(said()).toEqual(['1911 capex @0: Tariffs and capex.', '1912 tariffs @0: Tariffs and capex.', '1912 capex @0: Tariffs and capex.']);
  });

  it('joining a call mid-way alerts on its last two minutes, not its whole past', () => {
    const { watcher, said } = setup();
    watcher.update([call(1911, 40)], rules);
    setLiveView(
      1911,
      rolling([
        ['Tariffs at the start.', 0, 3],
        ['Long ago, tariffs.', 500, 503],
        ['Just now, tariffs.', 1_700, 1_703],
        ['Speaking.', 1_800, 1_802],
      ]),
    );
    expect(said()).toEqual(['1911 tariffs @1700: Just now, tariffs.']);
  });
});

describe('the tray', () => {
  it('keeps the newest first, counts the unseen, and each alert once', () => {
    const tray = createAlertTray();
    const alert = (id: string) => ({ id }) as SaidAlert;
    tray.add(alert('a'));
    tray.add(alert('b'));
    tray.add(alert('a'));
    expect(tray.get().alerts.map((a) => a.id)).toEqual(['b', 'a']);
    expect(tray.get().unseen).toBe(2);
    tray.markSeen();
    expect(tray.get().unseen).toBe(0);
    tray.add(alert('c'));
    expect(tray.get()).toMatchObject({ unseen: 1 });
  });
});
