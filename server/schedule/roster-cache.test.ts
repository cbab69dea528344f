import { describe, expect, it } from 'vitest';
import type { Shift } from '../../core/contracts/schedule.ts';
import type { Tx } from '../platform/database.ts';
import { RosterCache, type RosterDays } from './roster-cache.ts';

// The cache never touches the transaction itself: the version reader it is given does.
const tx = {} as Tx;

function daysWith(shifts: number, label = 'built'): RosterDays {
  return {
    shifts: Array.from({ length: shifts }, (_, i) => ({ id: `${label}-${i}` }) as Shift),
    minimums: [],
    coverage: [],
    day_notes: [],
    time_off: [],
  };
}

/** A cache whose agencies' versions the test sets, and a build that counts its calls. */
function setUp(limits: { items?: number; rosters?: number } = {}) {
  const versions = new Map<string, bigint | null>([
    ['agency-a', 1n],
    ['agency-b', 1n],
  ]);
  const cache = new RosterCache({ readVersion: async (_tx, agencyId) => versions.get(agencyId) ?? null, ...limits });
  let builds = 0;
  const build =
    (shifts = 1, label = 'built') =>
    async () => {
      builds += 1;
      return daysWith(shifts, `${label}-${builds}`);
    };
  return { cache, versions, build, builds: () => builds };
}

describe('the roster cache', () => {
  it('answers the same dates of an agency again without building them while its schedule version holds', async () => {
    const { cache, build, builds } = setUp();
    const first = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    const again = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    expect(again).toBe(first);
    expect(builds()).toBe(1);
  });

  it('builds again once the agency’s version has moved, and keeps the new one', async () => {
    const { cache, versions, build, builds } = setUp();
    const before = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    versions.set('agency-a', 7n);
    const after = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    expect(after).not.toBe(before);
    expect(await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build())).toBe(after);
    expect(builds()).toBe(2);
  });

  it('never answers one agency with another’s roster of the same dates, even at the same version', async () => {
    const { cache, build } = setUp();
    const ofA = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build(1, 'a'));
    const ofB = await cache.get(tx, 'agency-b', '2027-01-01', '2027-01-31', build(1, 'b'));
    expect(ofB).not.toBe(ofA);
    expect(ofB.shifts[0]?.id).toMatch(/^b-/);
  });

  it('keeps nothing for an agency with no version yet', async () => {
    const { cache, versions, build, builds } = setUp();
    versions.set('agency-a', null);
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build());
    expect(builds()).toBe(2);
  });

  it('builds once for requests that come together, and each gets the roster', async () => {
    const { cache, build, builds } = setUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build())));
    expect(builds()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('lets a request whose shared build failed build its own', async () => {
    const { cache } = setUp();
    const failing = cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', () => Promise.reject(new Error('connection lost')));
    const waiting = cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', async () => daysWith(2, 'own'));
    await expect(failing).rejects.toThrow('connection lost');
    expect((await waiting).shifts).toHaveLength(2);
  });

  it('keeps a roster of a newer version when a build of an older one finishes after it', async () => {
    const { cache, versions } = setUp();
    let finishOld!: (days: RosterDays) => void;
    const old = cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', () => new Promise((resolve) => (finishOld = resolve)));
    versions.set('agency-a', 9n);
    const newer = await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', async () => daysWith(1, 'new'));
    finishOld(daysWith(1, 'old'));
    await old;
    expect(await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', async () => daysWith(1, 'again'))).toBe(newer);
  });

  it('lets the least recently read rosters go past its size, counting every item they hold', async () => {
    const { cache, build, builds } = setUp({ items: 25 });
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build(10)); // 11 items
    await cache.get(tx, 'agency-a', '2027-02-01', '2027-02-28', build(10)); // 22 in all
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build(10)); // January read again: February is now the oldest
    await cache.get(tx, 'agency-a', '2027-03-01', '2027-03-31', build(10)); // 33: February goes
    expect(builds()).toBe(3);
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-31', build(10));
    expect(builds()).toBe(3);
    await cache.get(tx, 'agency-a', '2027-02-01', '2027-02-28', build(10));
    expect(builds()).toBe(4);
  });

  it('counts an empty roster too, so rosters of dates with nothing on them cannot pile up', async () => {
    const { cache, build, builds } = setUp({ rosters: 2 });
    for (const month of ['01', '02', '03']) await cache.get(tx, 'agency-a', `2027-${month}-01`, `2027-${month}-28`, build(0));
    await cache.get(tx, 'agency-a', '2027-01-01', '2027-01-28', build(0));
    expect(builds()).toBe(4);
  });
});
