import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteHere } from '../../server/search/db.ts';

/**
 * An index kept in memory starts from a kept copy of an empty PostgreSQL cluster instead of making
 * one (server/search/db.ts): the copy holds no index's data, and a copy that cannot be loaded is
 * made again instead of stopping the index from opening.
 */

const CACHE = join(process.cwd(), 'node_modules', '.cache', 'earnings-desk');
const copyFile = () =>
  join(
    CACHE,
    readdirSync(CACHE).find((name) => /^pglite-.*-empty-cluster\.tar$/.test(name))!,
  );

describe('the empty cluster an index in memory starts from', () => {
  it('is kept after the first, holds nothing of an index, and is made again when it cannot be loaded', async () => {
    const first = await openPgliteHere(undefined, 32);
    await first.exec('create table left_behind (a integer)');
    await first.close();
    expect(existsSync(copyFile())).toBe(true);

    const second = await openPgliteHere(undefined, 32);
    expect(await second.query(`select to_regclass('left_behind')::text as found`)).toEqual([{ found: null }]);
    await second.close();

    writeFileSync(copyFile(), 'not a cluster');
    const third = await openPgliteHere(undefined, 32);
    expect(await third.query('select 1 as one')).toEqual([{ one: 1 }]);
    await third.close();
    expect(statSync(copyFile()).size).toBeGreaterThan(1_000_000);
  }, 120_000);
});
