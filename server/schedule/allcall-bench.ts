import { sql } from 'drizzle-orm';
import type { AllcallStatus } from '../../core/contracts/schedule.ts';
import { queryRows, type Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';

/**
 * The all-calls of the bench dataset: about one every four days of the history (at the agency's
 * activity), each asking ten to twenty of the active officers, most filled by one of them within the
 * hour, some closed unfilled or cancelled; and two still open in the next days, so the board's lists
 * and an officer's "urgent calls for you" read a realistic mix.
 */
export async function seedBenchAllcalls(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, random: rand } = bench;
  const [type] = await queryRows<{ id: string; start_time: string; end_time: string }>(
    tx,
    sql`select id, start_time, end_time from schedule_shift_types where agency_id = ${agencyId} order by code limit 1`,
  );
  const officers = bench.people.filter((p) => p.status === 'active');
  const scheduler = officers.find((p) => p.role === 'scheduler') ?? officers[0];
  if (!type || !scheduler || officers.length < 5) return;
  const count = Math.max(4, Math.round((bench.days / 4) * bench.activity));
  const calls: Array<Record<string, unknown>> = [];
  const recipients: Array<Record<string, unknown>> = [];
  for (let n = 1; n <= count + 2; n += 1) {
    const open = n > count;
    const daysAgo = open ? -1 - (n - count) : Math.floor(((count - n) / count) * bench.days);
    const startsAt = new Date(bench.now.getTime() - daysAgo * 86_400_000 + 6 * 3_600_000);
    const endsAt = new Date(startsAt.getTime() + 12 * 3_600_000);
    const sentAt = new Date(startsAt.getTime() - (2 + Math.floor(rand() * 20)) * 3_600_000);
    const roll = rand();
    const status: AllcallStatus = open ? 'open' : roll < 0.8 ? 'filled' : roll < 0.92 ? 'expired' : 'cancelled';
    const asked = [...officers].sort(() => rand() - 0.5).slice(0, Math.min(officers.length, 10 + Math.floor(rand() * 11)));
    const filler = status === 'filled' ? asked[Math.floor(rand() * asked.length)]! : null;
    const filledAt = filler ? new Date(sentAt.getTime() + (5 + Math.floor(rand() * 50)) * 60_000) : null;
    const id = crypto.randomUUID();
    calls.push({
      agency_id: agencyId,
      id,
      number: n,
      shift_type_id: type.id,
      position: 'Patrol',
      date: startsAt.toISOString().slice(0, 10),
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      note: open ? 'Sick call, night short' : 'Cover for a sick call',
      status,
      closes_at: new Date(startsAt.getTime() - 3_600_000).toISOString(),
      filled_by: filler?.id ?? null,
      filled_at: filledAt?.toISOString() ?? null,
      created_by: scheduler.id,
      created_at: sentAt.toISOString(),
      updated_at: (filledAt ?? sentAt).toISOString(),
    });
    for (const person of asked) {
      const answer = rand();
      const response =
        person === filler
          ? 'accepted'
          : open
            ? answer < 0.2
              ? 'declined'
              : null
            : answer < 0.35
              ? 'declined'
              : answer < 0.45
                ? 'too_late'
                : null;
      recipients.push({
        agency_id: agencyId,
        allcall_id: id,
        user_id: person.id,
        channels: ['app', 'email'],
        asked_at: sentAt.toISOString(),
        response,
        responded_at: response ? new Date(sentAt.getTime() + (3 + Math.floor(rand() * 90)) * 60_000).toISOString() : null,
        via: response ? (rand() < 0.5 ? 'app' : 'sms') : null,
      });
    }
  }
  await bench.insert('schedule_allcalls', calls);
  for (let i = 0; i < recipients.length; i += 2000) await bench.insert('schedule_allcall_recipients', recipients.slice(i, i + 2000));
  await bench.setCounter('allcall', count + 2);
}
