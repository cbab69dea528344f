import { programCategories, type DorContent } from '../../core/contracts/fto.ts';
import { isFailing, remedialMinutes, type Rating } from '../../core/fto/ratings.ts';
import type { Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';
import { addProgramVersion, programsWithVersions } from './binder-queries.ts';
import { seedDefaultProgram } from './programs.ts';

/**
 * Field training's part of the bench dataset: per agency three cohorts over the year, each of five
 * recruits trained four shifts a week through the program's 14 weeks (the two earlier cohorts, now
 * officers, completed or released; the current one, the agency's trainees, still in training), with a
 * DOR for every shift, signed through the whole order except the last few of the current cohort.
 */

const DAY = 86_400_000;
const SHIFTS_PER_WEEK = 4;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type Row = Record<string, unknown>;

export async function seedBenchFieldTraining(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, now } = bench;
  const rand = bench.random;
  const [existing] = await programsWithVersions(tx, agencyId);
  const program = existing ?? (await programsWithVersions(tx, agencyId, (await seedDefaultProgram(tx, agencyId)).id))[0]!;
  const { phases } = program.content;
  const categories = programCategories(program.content);
  const active = bench.people.filter((p) => p.status === 'active');
  const coordinator = active.find((p) => p.role === 'fto-coordinator');
  const trainers = active.filter((p) => p.role === 'field-training-officer');
  const trainees = active.filter((p) => p.role === 'trainee');
  const officers = active.filter((p) => p.role === 'officer');
  if (!coordinator || trainers.length === 0) return;

  // The coordinator revised the program a few times over the year: each cohort trains on the version
  // current when it started (the first cohort on the first).
  const versionIds = [program.program.currentVersionId];
  for (let revision = 2; revision <= 6; revision += 1) {
    const content = structuredClone(program.content);
    content.phases[0]!.name = `Phase 1: Orientation (rev. ${revision})`;
    const updated = await addProgramVersion(tx, agencyId, program.program.id, null, {
      name: program.program.name,
      content,
      createdBy: coordinator.id,
    });
    versionIds.push(updated!.currentVersionId);
  }

  const programDays = phases.reduce((total, phase) => total + phase.weeks * 7, 0);
  const cohorts = [
    { startDaysAgo: 330, people: officers.slice(0, 5), ends: 'completed' as const, versionId: versionIds[0]! },
    { startDaysAgo: 210, people: officers.slice(5, 10), ends: 'completed' as const, versionId: versionIds[2]! },
    { startDaysAgo: 60, people: trainees.slice(0, 5), ends: null, versionId: versionIds.at(-1)! },
  ];
  const binders: Row[] = [];
  const binderTrainers: Row[] = [];
  const events: Row[] = [];
  const dors: Row[] = [];
  const revisions: Row[] = [];
  const tasksheets: Row[] = [];
  const signoffs: Row[] = [];
  const policies: Row[] = [];
  for (const [c, cohort] of cohorts.entries())
    for (const [p, person] of cohort.people.entries()) {
      const binderId = crypto.randomUUID();
      const start = new Date(now.getTime() - (cohort.startDaysAgo + p * 3) * DAY);
      const released = cohort.ends && p === 4 && c === 1;
      const span = released ? Math.floor(programDays * 0.6) : Math.min(programDays, Math.floor((now.getTime() - start.getTime()) / DAY));
      const phaseAt = (day: number) => {
        let left = day;
        for (const phase of phases) {
          if (left < phase.weeks * 7) return phase;
          left -= phase.weeks * 7;
        }
        return phases.at(-1)!;
      };
      const current = phaseAt(Math.max(0, span - 1));
      const trainerOf = (phaseIndex: number) => trainers[(p + phaseIndex + c) % trainers.length]!;
      const closed = cohort.ends !== null;
      binders.push({
        agency_id: agencyId,
        id: binderId,
        trainee_id: person.id,
        program_id: program.program.id,
        program_version_id: cohort.versionId,
        start_date: isoDate(start),
        phase_key: current.key,
        phase_started_on: isoDate(new Date(start.getTime() + (span - (span % (current.weeks * 7))) * DAY)),
        status: closed ? (released ? 'released' : 'completed') : 'active',
        status_reason: released
          ? 'Did not meet the phase 3 standard after an extension'
          : closed
            ? 'Met the standard of every phase'
            : null,
        closed_at: closed ? new Date(start.getTime() + span * DAY) : null,
        created_at: start,
        updated_at: start,
      });
      phases.forEach((phase, i) =>
        binderTrainers.push({ agency_id: agencyId, binder_id: binderId, phase_key: phase.key, trainer_id: trainerOf(i).id }),
      );
      // The snapshot: a tasksheet per phase, its tasks signed off through the phases already done, and the policies acknowledged in the first week.
      const currentIndex = phases.indexOf(current);
      phases.forEach((phase, i) => {
        const tasksheetId = crypto.randomUUID();
        tasksheets.push({ agency_id: agencyId, id: tasksheetId, binder_id: binderId, phase_key: phase.key });
        if (i > currentIndex) return;
        const tasks = program.content.tasks.filter((t) => t.phase_key === phase.key);
        tasks.slice(0, i < currentIndex || closed ? tasks.length : Math.floor(tasks.length / 2)).forEach((task, t) => {
          const on = new Date(start.getTime() + (i * phase.weeks * 7 + 2 + t * 3) * DAY);
          signoffs.push({
            agency_id: agencyId,
            tasksheet_id: tasksheetId,
            task_key: task.key,
            trainer_id: trainerOf(i).id,
            signed_on: isoDate(on),
            method: t % 2 ? 'demonstrated' : 'performed',
            signed_at: on,
          });
        });
      });
      program.content.policies.forEach((policy, i) =>
        policies.push({
          agency_id: agencyId,
          binder_id: binderId,
          policy_key: policy.key,
          acknowledged_at: span > 7 ? new Date(start.getTime() + (i + 1) * DAY) : null,
          acknowledged_version: span > 7 ? policy.version : null,
        }),
      );
      events.push({
        agency_id: agencyId,
        binder_id: binderId,
        action: 'start',
        to_phase: phases[0]!.key,
        actor_id: coordinator.id,
        at: start,
      });
      bench.audit({
        at: start,
        actor: coordinator,
        action: 'fto.binder_started',
        entityType: 'fto_binder',
        entityId: binderId,
        summary: `Started the field training binder of ${person.name}`,
        after: { program: program.program.name },
      });
      let number = 0;
      for (let day = 0; day < span; day += 1) {
        if (day % 7 >= SHIFTS_PER_WEEK) continue;
        number += 1;
        const progress = day / programDays;
        const phaseIndex = phases.indexOf(phaseAt(day));
        const ratings: DorContent['ratings'] = {};
        for (const category of categories) {
          const roll = rand();
          let rating: Rating = 'NO';
          if (roll > 0.08) {
            const score = Math.round(2.3 + progress * 3 + (rand() - 0.5) * 2);
            rating = String(Math.min(7, Math.max(1, score))) as Rating;
          }
          ratings[category.key] = {
            rating,
            comment: ['1', '2', '6', '7'].includes(rating) ? 'Discussed at the end of the shift.' : '',
            remedial_minutes: null,
          };
        }
        const shiftDate = new Date(start.getTime() + day * DAY);
        const fromEnd = span - day;
        const status = closed || fromEnd > 3 ? 'approved' : fromEnd > 2 ? 'acknowledged' : fromEnd > 1 ? 'completed' : 'draft';
        const failing = Object.values(ratings).filter((r) => isFailing(r.rating)).length;
        const content: DorContent = {
          shift_date: isoDate(shiftDate),
          shift: number % 3 === 0 ? 'night' : 'day',
          activity: {
            calls_handled: 5 + Math.floor(rand() * 10),
            self_initiated: Math.floor(rand() * 5),
            reports_written: Math.floor(rand() * 4),
            arrests: rand() > 0.8 ? 1 : 0,
            notes: '',
          },
          ratings,
          most_satisfactory: 'Good contact with the public on a disturbance call.',
          least_satisfactory: failing ? 'Radio traffic was unclear during a pursuit.' : '',
        };
        const signed = new Date(shiftDate.getTime() + 20 * 3_600_000);
        const dorId = crypto.randomUUID();
        // About one approved DOR in forty is amended later (a corrected count, a clarified narrative).
        const amended = status === 'approved' && number % 40 === 7;
        if (amended)
          revisions.push({
            agency_id: agencyId,
            dor_id: dorId,
            revision: 1,
            content: { ...content, activity: { ...content.activity, reports_written: content.activity.reports_written + 1 } },
            reason: 'Corrected the number of reports written',
            amended_by: trainerOf(phaseIndex).id,
            amended_at: new Date(signed.getTime() + 3 * DAY),
          });
        dors.push({
          agency_id: agencyId,
          id: dorId,
          revision: amended ? 2 : 1,
          binder_id: binderId,
          number,
          trainee_id: person.id,
          trainer_id: trainerOf(phaseIndex).id,
          phase_key: phases[phaseIndex]!.key,
          shift_date: content.shift_date,
          shift: content.shift,
          content,
          failing,
          remedial_minutes: remedialMinutes(ratings),
          status,
          completed_at: status === 'draft' ? null : signed,
          acknowledged_at: status === 'approved' || status === 'acknowledged' ? new Date(signed.getTime() + 8 * 3_600_000) : null,
          approved_at: status === 'approved' ? new Date(signed.getTime() + 30 * 3_600_000) : null,
          approved_by: status === 'approved' ? coordinator.id : null,
          created_at: shiftDate,
          updated_at: signed,
        });
      }
    }
  await bench.insert('fto_binders', binders);
  await bench.insert('fto_binder_trainers', binderTrainers);
  await bench.insert('fto_binder_events', events);
  await bench.insert('fto_dors', dors);
  await bench.insert('fto_dor_revisions', revisions);
  await bench.insert('fto_tasksheets', tasksheets);
  await bench.insert('fto_task_signoffs', signoffs);
  await bench.insert('fto_binder_policies', policies);
  // The program's reference material: a few documents, one retired (file rows only: the bench reads no file bodies).
  const files: Row[] = [];
  const documents: Row[] = [];
  for (const [i, title] of ['Field training manual', 'Radio procedures and 10-codes', 'Beat maps', 'Old radio codes'].entries()) {
    const fileId = crypto.randomUUID();
    const at = new Date(now.getTime() - (400 - i * 60) * DAY);
    files.push({
      agency_id: agencyId,
      id: fileId,
      key: `${agencyId}/fto/${fileId}.pdf`,
      content_type: 'application/pdf',
      size: 48_000 + i * 1000,
      purpose: 'fto',
      created_by: coordinator.id,
      created_at: at,
    });
    documents.push({
      agency_id: agencyId,
      program_id: program.program.id,
      title,
      description: '',
      file_id: fileId,
      added_by: coordinator.id,
      retired_at: i === 3 ? new Date(at.getTime() + 30 * DAY) : null,
      created_at: at,
      updated_at: at,
    });
  }
  await bench.insert('storage_objects', files);
  await bench.insert('fto_reference_documents', documents);
}
