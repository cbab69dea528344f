import { sql } from 'drizzle-orm';
import type { TradeStatus } from '../../core/contracts/schedule.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';

/**
 * The trades of the bench dataset, once the squads' shifts are in: about one for every sixty shifts,
 * swaps and giveaways between two officers' shifts at most a week apart. Those of the past are closed
 * (mostly approved, some denied, declined or cancelled); those ahead are open or closed, so the
 * colleague's and the supervisor's counts on home read a realistic mix.
 */
export async function seedBenchTrades(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, random: rand } = bench;
  const today = bench.now.toISOString().slice(0, 10);
  const shifts = await queryRows<{ id: string; user_id: string; date: string }>(
    tx,
    sql`select id, user_id, date from schedule_shifts where agency_id = ${agencyId} and status = 'scheduled' order by date, id`,
  );
  if (shifts.length < 10) return;
  const supervisors = bench.people.filter((p) => p.status === 'active' && (p.role === 'sergeant' || p.role === 'scheduler'));
  const decider = supervisors[0]?.id ?? null;
  const used = new Set<string>();
  const rows: Array<Record<string, unknown>> = [];
  const count = Math.max(6, Math.round(shifts.length / 60));
  for (let attempt = 0; rows.length < count && attempt < count * 4; attempt += 1) {
    const index = Math.floor(rand() * shifts.length);
    const mine = shifts[index]!;
    // The colleague's shift: the next one of someone else within a week.
    const theirs = shifts.slice(index + 1, index + 400).find((s) => s.user_id !== mine.user_id && !used.has(s.id));
    if (!theirs || used.has(mine.id)) continue;
    used.add(mine.id);
    used.add(theirs.id);
    const swap = rand() < 0.7;
    const past = mine.date < today;
    const roll = rand();
    const status: TradeStatus = past
      ? roll < 0.65
        ? 'approved'
        : roll < 0.75
          ? 'denied'
          : roll < 0.88
            ? 'declined'
            : 'cancelled'
      : roll < 0.35
        ? 'proposed'
        : roll < 0.6
          ? 'accepted'
          : roll < 0.85
            ? 'approved'
            : 'declined';
    const created = new Date(Date.parse(`${mine.date}T12:00:00Z`) - (3 + Math.floor(rand() * 20)) * 86_400_000);
    const answered = status !== 'proposed' && status !== 'cancelled';
    const decided = status === 'approved' || status === 'denied';
    rows.push({
      agency_id: agencyId,
      kind: swap ? 'swap' : 'giveaway',
      requester_id: mine.user_id,
      shift_id: mine.id,
      shift_date: mine.date,
      recipient_id: theirs.user_id,
      recipient_shift_id: swap ? theirs.id : null,
      recipient_shift_date: swap ? theirs.date : null,
      note: swap ? 'Swap for a family commitment' : 'Court that day',
      status,
      accepted_at: answered && status !== 'declined' ? new Date(created.getTime() + 86_400_000).toISOString() : null,
      decided_by: decided ? decider : null,
      decided_at: decided ? new Date(created.getTime() + 2 * 86_400_000).toISOString() : null,
      decision_note: status === 'denied' ? 'Leaves the squad short' : status === 'declined' ? 'Cannot that week' : '',
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    });
  }
  if (rows.length) await bench.insert('schedule_trades', rows);
}
