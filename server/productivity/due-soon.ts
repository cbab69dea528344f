import { and, eq, sql } from 'drizzle-orm';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { notify } from '../platform/notices.ts';
import { findPerson } from '../platform/people.ts';
import type { Services } from '../platform/services.ts';
import * as q from './queries.ts';
import { agencyCalendar, localHour } from './recurrence.ts';
import { productivitySettingsOf } from './settings.ts';
import { productivityTasks } from './schema.ts';

/**
 * "Due tomorrow": once a day, from 07:00 in each agency's time zone, the assignees of every open task
 * due tomorrow are told in the bell and by e-mail. A durable job (server/platform/jobs.ts) looks every
 * hour; the task keeps the due date it was told for, so a second run, a second server or a restart
 * tells nobody twice, and a task whose due date moves is told again for its new date.
 */

export const DUE_TOMORROW_QUEUE = 'productivity.due-tomorrow';
const MORNING = 7;

export async function tellDueTomorrow(services: Services, agencyId: string, now = new Date()): Promise<number> {
  const told = await services.database.withTenant(agencyId, async (tx) => {
    const sysConfig = await readSysConfig(tx, agencyId);
    if (!sysConfig || !productivitySettingsOf(sysConfig).enabled) return 0;
    const zone = sysConfig.general_settings.timezone;
    if (localHour(zone, now) < MORNING) return 0;
    const { tomorrow } = agencyCalendar(zone, now);
    let count = 0;
    for (const task of await q.dueUntold(tx, agencyId, tomorrow)) {
      for (const assignee of (await q.assigneesOf(tx, agencyId, [task.id])).get(task.id) ?? []) {
        const person = await findPerson(tx, agencyId, assignee.id);
        if (!person) continue;
        const when = task.dueTime ? `tomorrow at ${task.dueTime}` : 'tomorrow';
        const link = `/productivity?task=${task.id}`;
        await notify(tx, agencyId, person.id, { kind: 'productivity.due_tomorrow', title: `Due ${when}: ${task.title}`, link });
        await services.mailer.enqueue(tx, agencyId, {
          to: person.email,
          subject: `Due ${when}: ${task.title}`,
          text: [
            `Hello ${person.name},`,
            '',
            `The task “${task.title}” is due ${when}.`,
            '',
            `Open it at ${services.config.publicUrl}${link}`,
          ].join('\n'),
        });
        count += 1;
      }
      await tx
        .update(productivityTasks)
        .set({ dueNoticeOn: tomorrow })
        .where(and(eq(productivityTasks.agencyId, agencyId), eq(productivityTasks.id, task.id)));
    }
    return count;
  });
  if (told > 0) void services.mailer.deliver(agencyId);
  return told;
}

export const productivityJobs: readonly JobDefinition[] = [
  {
    queue: DUE_TOMORROW_QUEUE,
    // Every hour at :05, and once at start: each agency is told from its own morning on.
    every: '5 * * * *',
    handle: async (services) => {
      const agencies = await services.database.scopedCall<{ agency_id: string }>(sql`select * from precinct_productivity_agencies_due()`);
      for (const { agency_id } of agencies) await tellDueTomorrow(services, agency_id);
    },
  },
];
