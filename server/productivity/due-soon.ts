import { sql } from 'drizzle-orm';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { notify } from '../platform/notices.ts';
import { findPerson } from '../platform/people.ts';
import type { Services } from '../platform/services.ts';
import * as q from './queries.ts';
import { agencyCalendar, localHour } from './recurrence.ts';
import { productivitySettingsOf } from './settings.ts';
import { personSeesTask } from './visibility.ts';

/**
 * "Due tomorrow": once a day, from 07:00 in each agency's time zone, the assignees of every open task
 * due tomorrow are told in the bell and by e-mail. A durable job (server/platform/jobs.ts) looks every
 * hour. Each run first claims the tasks (marks them told for tomorrow in the same UPDATE that picks
 * them, so an overlapping run on a second server finds them claimed and tells nobody twice), then tells
 * the assignees who still see the task (someone who left the space is not told); a task whose due date
 * moves is told again for its new date.
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
    for (const task of await q.claimDueUntold(tx, agencyId, tomorrow)) {
      for (const assignee of (await q.assigneesOf(tx, agencyId, [task.id])).get(task.id) ?? []) {
        const person = await findPerson(tx, agencyId, assignee.id);
        if (!person || !(await personSeesTask(tx, agencyId, task, person.id))) continue;
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
