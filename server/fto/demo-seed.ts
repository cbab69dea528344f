import { and, eq } from 'drizzle-orm';
import { programCategories, type DorContent, type ProgramContent } from '../../core/contracts/fto.ts';
import { isFailing, remedialMinutes, type Rating } from '../../core/fto/ratings.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { insertNotification } from '../platform/notices.ts';
import { peopleWithPermission } from '../platform/people.ts';
import { insertBinder, insertBinderEvent, programsWithVersions, replaceTrainers } from './binder-queries.ts';
import { insertDor } from './dor-queries.ts';
import { textPdf } from '../platform/sample-images.ts';
import { ftoBinderPolicies, ftoReferenceDocuments, ftoTasksheets, ftoTaskSignoffs } from './schema.ts';

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A deterministic 0..1 from two numbers, so the demo's ratings look varied but never change between runs. */
function jitter(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

const COMMENTS: Record<string, string> = {
  '1': 'Could not locate the call address without help and did not use the map book; we reviewed the beat afterwards.',
  '2': 'Needed repeated prompting; we practised it again at the end of the shift.',
  '6': 'Handled it calmly and thoroughly without any prompting.',
  '7': 'Outstanding: took charge of the scene and briefed the arriving sergeant clearly.',
  NRT: 'Same error as the last three shifts despite the remedial session.',
  REM: 'Remedial session on this category at the end of the shift.',
};

/**
 * The demo's field training: the trainee (Riley Chen) in phase 2 with the FTO (Chris Okafor), about
 * twenty approved DORs whose ratings climb from phase 1's 2s and 3s to phase 2's 4s and 5s, and one
 * DOR at each step of the signing order, so every screen and home card of the module has something.
 */
export async function seedDemoFieldTraining(tx: Tx, { agencyId, storeFile }: DemoAgency) {
  const [trainees, trainers, coordinators, [program]] = await Promise.all([
    peopleWithPermission(tx, agencyId, 'fto:user'),
    peopleWithPermission(tx, agencyId, 'fto:trainer'),
    peopleWithPermission(tx, agencyId, 'fto:admin'),
    programsWithVersions(tx, agencyId),
  ]);
  const coordinator = coordinators[0];
  const trainee = trainees.find((p) => !coordinators.some((c) => c.id === p.id));
  const trainer = trainers.find((p) => p.id !== coordinator?.id && p.id !== trainee?.id);
  if (!trainee || !trainer || !coordinator || !program) return;

  const content = program.content;
  const [phase1, phase2] = content.phases;
  const categories = programCategories(content);
  const today = new Date();
  const start = new Date(today.getTime() - 44 * DAY_MS);
  const phase2Start = new Date(start.getTime() + 28 * DAY_MS);
  const binder = await insertBinder(
    tx,
    {
      agencyId,
      traineeId: trainee.id,
      programId: program.program.id,
      programVersionId: program.program.currentVersionId,
      startDate: isoDate(start),
      phaseKey: phase2!.key,
      phaseStartedOn: isoDate(phase2Start),
    },
    content,
  );
  await replaceTrainers(tx, agencyId, binder.id, [
    { phase_key: phase1!.key, trainer_id: trainer.id },
    { phase_key: phase2!.key, trainer_id: trainer.id },
  ]);
  await insertBinderEvent(tx, { agencyId, binderId: binder.id, action: 'start', toPhase: phase1!.key, actorId: coordinator.id, at: start });
  await insertBinderEvent(tx, {
    agencyId,
    binderId: binder.id,
    action: 'recommend_advance',
    fromPhase: phase1!.key,
    toPhase: phase2!.key,
    reason: 'Rated 4 or better in every category on the last five shifts; handles routine calls without prompting.',
    actorId: trainer.id,
    at: new Date(phase2Start.getTime() - 2 * DAY_MS),
  });
  await insertBinderEvent(tx, {
    agencyId,
    binderId: binder.id,
    action: 'acknowledge_advance',
    fromPhase: phase1!.key,
    reason: 'Ready for more independent calls.',
    actorId: trainee.id,
    at: new Date(phase2Start.getTime() - DAY_MS),
  });
  await insertBinderEvent(tx, {
    agencyId,
    binderId: binder.id,
    action: 'advance',
    fromPhase: phase1!.key,
    toPhase: phase2!.key,
    reason: 'Met the phase 1 standard on the last five DORs; ready for more independent calls.',
    actorId: coordinator.id,
    at: phase2Start,
  });

  // Shifts worked: four of every seven days, from the start until yesterday.
  const shifts: Date[] = [];
  for (let d = 0; d < 44; d += 1) if (d % 7 < 4) shifts.push(new Date(start.getTime() + d * DAY_MS));
  const total = shifts.length;
  let number = 0;
  for (const [i, day] of shifts.entries()) {
    number += 1;
    const progress = i / (total - 1);
    const ratings: DorContent['ratings'] = {};
    for (const [c, category] of categories.entries()) {
      const roll = jitter(i, c);
      let rating: Rating;
      if (roll < 0.08) rating = 'NO';
      else {
        const score = Math.round(2.4 + progress * 2.6 + (jitter(c, 7) - 0.5) * 1.6 + (roll - 0.5) * 1.2);
        rating = String(Math.min(7, Math.max(1, score))) as Rating;
        if (rating === '1' && i > total / 2) rating = '3';
        if (rating === '2' && roll > 0.9 && i < total / 2) rating = 'REM';
      }
      ratings[category.key] = {
        rating,
        comment: COMMENTS[rating] ?? '',
        remedial_minutes: rating === 'REM' ? 30 : null,
      };
    }
    const dorContent: DorContent = {
      shift_date: isoDate(day),
      shift: i % 3 === 0 ? 'night' : 'day',
      activity: {
        calls_handled: 6 + Math.round(jitter(i, 1) * 8),
        self_initiated: Math.round(progress * 5 + jitter(i, 2) * 3),
        reports_written: 1 + Math.round(jitter(i, 3) * 3),
        arrests: jitter(i, 4) > 0.75 ? 1 : 0,
        notes: i % 4 === 0 ? 'Two traffic stops, one domestic call, one alarm.' : '',
      },
      ratings,
      most_satisfactory:
        progress < 0.5
          ? 'Good rapport with the reporting party on a theft call; took a complete statement.'
          : 'Ran a traffic stop from start to finish on their own, with clear radio traffic and a correct citation.',
      least_satisfactory: Object.values(ratings).some((r) => isFailing(r.rating))
        ? progress < 0.5
          ? 'Orientation: missed two turns responding to a priority call and arrived late.'
          : 'Report took over two hours; we reviewed how to organise the narrative.'
        : '',
    };
    // The last four shifts wait at each step of the signing order (newest still a draft).
    const fromEnd = total - 1 - i;
    const status = fromEnd === 0 ? 'draft' : fromEnd === 1 ? 'completed' : fromEnd === 2 ? 'acknowledged' : 'approved';
    const signed = new Date(day.getTime() + 20 * 3_600_000);
    const phaseKey = day < phase2Start ? phase1!.key : phase2!.key;
    const dor = (await insertDor(tx, {
      agencyId,
      binderId: binder.id,
      number,
      traineeId: trainee.id,
      trainerId: trainer.id,
      phaseKey,
      shiftDate: dorContent.shift_date,
      shift: dorContent.shift,
      content: status === 'draft' ? { ...dorContent, most_satisfactory: '', least_satisfactory: '' } : dorContent,
      failing: Object.values(ratings).filter((r) => isFailing(r.rating)).length,
      remedialMinutes: remedialMinutes(ratings),
      status,
      completedAt: status === 'draft' ? null : signed,
      acknowledgedAt: status === 'acknowledged' || status === 'approved' ? new Date(signed.getTime() + 10 * 3_600_000) : null,
      traineeComment: i === 5 ? 'I will study the beat map before next shift.' : null,
      approvedAt: status === 'approved' ? new Date(signed.getTime() + 30 * 3_600_000) : null,
      approvedBy: status === 'approved' ? coordinator.id : null,
      createdAt: day,
      updatedAt: status === 'approved' ? new Date(signed.getTime() + 30 * 3_600_000) : signed,
    }))!;
    if (status === 'completed')
      await insertNotification(tx, {
        agencyId,
        userId: trainee.id,
        kind: 'fto.dor.to_acknowledge',
        title: `DOR #${number} (${dorContent.shift_date}) is ready for your acknowledgement`,
        body: `${trainer.name} completed the daily observation report of your shift.`,
        link: `/fto/binder/${binder.id}/dors/view/${dor.id}`,
        createdAt: signed,
      });
    if (status === 'acknowledged')
      await insertNotification(tx, {
        agencyId,
        userId: coordinator.id,
        kind: 'fto.dor.to_approve',
        title: `DOR #${number} of ${trainee.name} is ready for approval`,
        body: `${trainee.name} acknowledged the DOR ${trainer.name} wrote.`,
        link: `/fto/binder/${binder.id}/dors/view/${dor.id}`,
        createdAt: signed,
      });
  }

  await seedTasksheetsAndPolicies(tx, { agencyId, binderId: binder.id, trainerId: trainer.id, content, start, phase2Start, today });
  if (storeFile)
    for (const [i, document] of REFERENCE_DOCUMENTS.entries()) {
      const fileId = await storeFile({
        data: textPdf(document.title, document.lines),
        contentType: 'application/pdf',
        purpose: 'fto',
        createdBy: coordinator.id,
      });
      const at = new Date(start.getTime() - (i + 2) * DAY_MS);
      await tx.insert(ftoReferenceDocuments).values({
        agencyId,
        programId: program.program.id,
        title: document.title,
        description: document.description,
        fileId,
        addedBy: coordinator.id,
        createdAt: at,
        updatedAt: at,
      });
    }
}

/** The demo program's reference material: short but real PDFs a trainee would be handed on day one. */
const REFERENCE_DOCUMENTS = [
  {
    title: 'Field training manual: how the program works',
    description: 'Phases, daily observation reports, the rating scale and what it takes to advance.',
    lines: [
      'The program has four phases. Each phase ends with an evaluation against the phase standard.',
      'Your trainer writes a daily observation report (DOR) after every shift you work together.',
      'Ratings run from 1 (not acceptable) to 7 (superior); 4 is the acceptable level.',
      'N.O. means not observed; N.R.T. means not responding to training; REM records remedial training.',
      'Read each DOR and acknowledge it within 24 hours. Your comment is part of the record.',
      'A supervisor approves each DOR after you acknowledge it; it is then locked.',
      'To advance, the categories of the phase must hold at 4 or better on your recent DORs.',
      'Tasksheets list what you must be shown in each phase; your trainer signs each task off.',
      'Questions about the program go to the field training coordinator.',
    ],
  },
  {
    title: 'Radio procedures and 10-codes',
    description: 'The dispatch channel plan, the phonetic alphabet and the 10-codes used on patrol.',
    lines: [
      'Channel 1: Dispatch. Channel 2: Car-to-car. Channel 3: Tactical (assigned by the sergeant).',
      'Identify with your unit number first, then the dispatcher: "2-Adam-14, Riverside."',
      '10-4 Acknowledged. 10-8 In service. 10-7 Out of service. 10-97 Arrived on scene.',
      '10-20 Location. 10-28 Vehicle registration. 10-29 Check for wants. 10-33 Emergency traffic only.',
      'Phonetic alphabet: Adam, Boy, Charles, David, Edward, Frank, George, Henry, Ida, John.',
      'Keep transmissions short; release the key between sentences so dispatch can break in.',
    ],
  },
] as const;

/**
 * Phase 1's tasks all signed off, phase 2's about half (the trainee is in it), later phases none; the
 * first policy acknowledged on the second day, the second still waiting (and reminded once).
 */
async function seedTasksheetsAndPolicies(
  tx: Tx,
  demo: { agencyId: string; binderId: string; trainerId: string; content: ProgramContent; start: Date; phase2Start: Date; today: Date },
) {
  const { agencyId, binderId, content } = demo;
  const sheets = await tx
    .select()
    .from(ftoTasksheets)
    .where(and(eq(ftoTasksheets.agencyId, agencyId), eq(ftoTasksheets.binderId, binderId)));
  const [phase1, phase2] = content.phases;
  const methods = ['performed', 'demonstrated', 'discussed'] as const;
  const signoffs: Array<typeof ftoTaskSignoffs.$inferInsert> = [];
  for (const sheet of sheets) {
    const tasks = content.tasks.filter((t) => t.phase_key === sheet.phaseKey);
    const from = sheet.phaseKey === phase1?.key ? demo.start : demo.phase2Start;
    const signedCount = sheet.phaseKey === phase1?.key ? tasks.length : sheet.phaseKey === phase2?.key ? Math.ceil(tasks.length / 2) : 0;
    tasks.slice(0, signedCount).forEach((task, i) => {
      const on = new Date(from.getTime() + (3 + i * 4) * DAY_MS);
      signoffs.push({
        agencyId,
        tasksheetId: sheet.id,
        taskKey: task.key,
        trainerId: demo.trainerId,
        signedOn: isoDate(on),
        method: methods[i % methods.length]!,
        note: i === 0 ? 'Handled it on their own on a live call.' : '',
        signedAt: new Date(on.getTime() + 20 * 3_600_000),
      });
    });
  }
  if (signoffs.length) await tx.insert(ftoTaskSignoffs).values(signoffs);

  const [first, second] = content.policies;
  if (first)
    await tx
      .update(ftoBinderPolicies)
      .set({ acknowledgedAt: new Date(demo.start.getTime() + DAY_MS + 9 * 3_600_000), acknowledgedVersion: first.version })
      .where(
        and(eq(ftoBinderPolicies.agencyId, agencyId), eq(ftoBinderPolicies.binderId, binderId), eq(ftoBinderPolicies.policyKey, first.key)),
      );
  if (second)
    await tx
      .update(ftoBinderPolicies)
      .set({ remindedAt: new Date(demo.today.getTime() - 3 * DAY_MS) })
      .where(
        and(
          eq(ftoBinderPolicies.agencyId, agencyId),
          eq(ftoBinderPolicies.binderId, binderId),
          eq(ftoBinderPolicies.policyKey, second.key),
        ),
      );
}
