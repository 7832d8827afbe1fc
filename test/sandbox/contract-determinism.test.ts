/**
 * Contract: determinism. Two sandboxes with the same seed and clock give identical responses
 * (also after moving both clocks alike); a different seed gives different data. This file needs
 * three sandboxes by nature.
 */
import { describe, expect, it } from 'vitest';
import { call, collectAll, get, getData, makeSandbox, NOW, V3, type Rec } from './contract-helpers.ts';

describe('determinism', () => {
  const a = makeSandbox({ seed: 'determinism' });
  const b = makeSandbox({ seed: 'determinism' });
  const other = makeSandbox({ seed: 'another-seed' });

  async function paths(): Promise<string[]> {
    const audio = (await get(a.sandbox, '/audio', { limit: 3, direction: 'desc' })).data as Rec[];
    const transcript = (await get(a.sandbox, '/documents/transcripts', { limit: 1 })).data[0] as Rec;
    const first = a.sandbox.schedule.firstEventId;
    return [
      '/companies?limit=500',
      '/companies?limit=7&direction=desc',
      `/companies/${audio[0]!.companyId}`,
      `/companies/${audio[0]!.companyId}/segments`,
      `/events/${audio[0]!.eventId}`,
      `/event-types/${(await getData(a.sandbox, `/events/${audio[0]!.eventId}`)).typeId}`,
      '/audio?limit=500&expand=event',
      '/audio?limit=500&direction=desc',
      `/audio/${audio[1]!.id}?expand=event`,
      `/audio/${audio[1]!.id}/chapters?levels=1,2`,
      `/live/audio/${audio[2]!.eventId + 764}`,
      `/live/audio/${first + 764}`,
      `/live/audio/${first + 20 + 764}`,
      `/live/audio/${first + 200 + 764}`,
      '/documents/transcripts?limit=500&expand=event',
      `/documents/transcripts/${transcript.id}`,
      `/documents/${transcript.id}`,
      `/document-types/${transcript.typeId}`,
    ];
  }

  it('two sandboxes with the same seed and clock give identical responses', async () => {
    for (const path of await paths()) {
      const ra = await call(a.sandbox, `${V3}${path}`);
      const rb = await call(b.sandbox, `${V3}${path}`);
      expect(ra.status, path).toBe(200);
      expect(rb.status, path).toBe(ra.status);
      expect(rb.text, path).toBe(ra.text);
    }
  });

  it('they stay identical as both clocks move the same way', async () => {
    const list = await paths();
    for (const step of [7 * 60_000, 3 * 3_600_000]) {
      a.clock.advance(step);
      b.clock.advance(step);
      for (const path of list) {
        const ra = await call(a.sandbox, `${V3}${path}`);
        const rb = await call(b.sandbox, `${V3}${path}`);
        expect(rb.status, path).toBe(ra.status);
        expect(rb.text, `${path} after +${step} ms`).toBe(ra.text);
      }
    }
    a.clock.set(NOW);
    b.clock.set(NOW);
  });

  it('a different seed gives different data', async () => {
    const companiesA = await collectAll(a.sandbox, '/companies');
    const companiesOther = await collectAll(other.sandbox, '/companies');
    expect(companiesOther.length).toBe(companiesA.length);
    const names = (list: Rec[]) => list.map((c) => c.name as string);
    expect(names(companiesOther)).not.toEqual(names(companiesA));
    // Not just a reshuffle of the same names.
    const shared = names(companiesOther).filter((n) => names(companiesA).includes(n));
    expect(shared.length).toBeLessThan(companiesA.length / 2);
    const audioA = JSON.stringify((await get(a.sandbox, '/audio', { limit: 50 })).data);
    const audioOther = JSON.stringify((await get(other.sandbox, '/audio', { limit: 50 })).data);
    expect(audioOther).not.toBe(audioA);
  });
});
