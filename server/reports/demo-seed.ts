import type { ReportContent, ReportPerson, ReportProperty, ReportVehicle, TemplateContent } from '../../core/contracts/reports.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { emptyReportContent, formatCaseNumber, supplementCaseNumber } from '../../core/reports/report-rules.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { solidPng, textPdf } from '../platform/sample-images.ts';
import { insertNotification } from '../platform/notices.ts';
import { activeRoleMembers, roleFromTemplate } from '../platform/people.ts';
import { seedDemoAiDraft } from './demo-ai-draft.ts';
import { insertReport, insertRevision } from './report-queries.ts';
import { searchWords } from './report-search.ts';
import { reportsSettingsOf } from './settings.ts';
import { templatesByIds } from './template-queries.ts';

/**
 * What an officer attaches to a report of each type: scene photos under their camera's names and the
 * paperwork (a receipt, an estimate, a statement) as PDFs. The photos are flat colour, made in code.
 */
const ATTACHMENTS: Record<string, ReadonlyArray<{ name: string; photo?: readonly [number, number, number]; pdf?: readonly string[] }>> = {
  theft: [
    { name: 'IMG_4471.png', photo: [132, 118, 96] },
    {
      name: 'Loss-prevention receipt.pdf',
      pdf: [
        'Store loss-prevention incident receipt',
        'Items recovered at the exit, values from the shelf tags.',
        'Signed by the loss-prevention officer.',
      ],
    },
  ],
  burglary: [
    { name: 'IMG_2231.png', photo: [88, 70, 52] },
    { name: 'IMG_2232.png', photo: [60, 64, 72] },
    { name: 'Owner property list.pdf', pdf: ['Property list from the owner', 'Makes, models and serial numbers from receipts.'] },
  ],
  damage: [
    { name: 'IMG_0918.png', photo: [150, 40, 36] },
    { name: 'Repair estimate.pdf', pdf: ['Repair estimate', 'Labour and parts to replace the damaged panel and glass.'] },
  ],
  crash: [{ name: 'Scene diagram.pdf', pdf: ['Crash scene diagram', 'Vehicle 1 northbound, vehicle 2 stopped at the light.'] }],
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Story = {
  type: string;
  location: string;
  answers: Record<string, string>;
  people: ReportPerson[];
  vehicles?: ReportVehicle[];
  property?: ReportProperty[];
  narrative: string[];
};

const person = (role: ReportPerson['role'], name: string, extra: Partial<ReportPerson> = {}): ReportPerson => ({
  role,
  name,
  date_of_birth: '',
  address: '',
  phone: '',
  description: '',
  ...extra,
});
const vehicle = (plate: string, make: string, model: string, year: string, color: string): ReportVehicle => ({
  plate,
  state: 'IL',
  make,
  model,
  year,
  color,
  vin: '',
  description: '',
});
const item = (description: string, value: number | null, disposition: ReportProperty['disposition'], serial = ''): ReportProperty => ({
  description,
  serial,
  value,
  disposition,
});

/** What a patrol officer's month of reports is made of: each a realistic case with people, property and a narrative. */
const STORIES: Story[] = [
  {
    type: 'theft',
    location: '1400 block of N Lake St, Riverside Market',
    answers: { offense: 'Retail theft', loss_value: '186.40', video: 'yes', entry: '' },
    people: [
      person('complainant', 'Maria Gonzalez', { phone: '(708) 555-0142', description: 'Loss-prevention officer' }),
      person('suspect', 'Unknown male', { description: 'About 30, 5 ft 10 in, grey hoodie, black backpack' }),
    ],
    property: [item('Two bottles of whisky', 79.98, 'stolen'), item('Razor blade cartridges, 6 packs', 106.42, 'stolen')],
    narrative: [
      'I was dispatched to Riverside Market for a retail theft that had just occurred.',
      'Loss-prevention officer Maria Gonzalez told me she watched a man conceal two bottles of whisky and six packs of razor cartridges in a black backpack and leave through the south doors without paying. She provided the store video.',
      'I checked the area on foot and by car for ten minutes without finding the suspect. The video was booked as evidence.',
    ],
  },
  {
    type: 'burglary',
    location: '2215 Maple Ave (detached garage)',
    answers: { offense: 'Burglary to a garage', entry: 'Side door, hasp pried off with a flat tool', loss_value: '1450', video: 'no' },
    people: [person('victim', 'Gerald Hoffman', { address: '2215 Maple Ave', phone: '(708) 555-0188' })],
    property: [
      item('Milwaukee M18 drill and impact driver kit', 399, 'stolen', '2804-22 / H41A'),
      item('Trek mountain bike, blue', 1051, 'stolen', 'WTU123C4567D'),
    ],
    narrative: [
      'Gerald Hoffman reported that someone entered his detached garage overnight.',
      'The hasp on the side door had been pried off; tool marks were photographed. A drill kit and a blue Trek mountain bike were missing. Serial numbers were provided from the owner’s receipts.',
      'I canvassed the neighbours on both sides; no one saw or heard anything. No cameras face the alley.',
    ],
  },
  {
    type: 'crash',
    location: 'Harlem Ave and 26th St',
    answers: { crash_type: 'Rear end', injuries: 'no', road_conditions: 'Dry, daylight, clear', citations_issued: '1' },
    people: [
      person('witness', 'Aisha Brown', { phone: '(708) 555-0119' }),
      person('complainant', 'Tom Reilly', { date_of_birth: '1978-03-14', address: '88 Oak Ct, Riverside' }),
    ],
    vehicles: [vehicle('CJ 48211', 'Toyota', 'Camry', '2019', 'Silver'), vehicle('BX 90317', 'Ford', 'F-150', '2021', 'Black')],
    narrative: [
      'I was dispatched to a two-vehicle crash at Harlem Ave and 26th St.',
      'Driver 2 stated he looked down at his phone and did not see traffic stop. Driver 1’s Camry was struck in the rear bumper. No one was injured; both vehicles were driven from the scene.',
      'Driver 2 was cited for failure to reduce speed to avoid a crash.',
    ],
  },
  {
    type: 'damage',
    location: 'Riverside Public Library, 1 Burling Rd',
    answers: { offense: 'Criminal damage to property', how_reported: 'Phone report' },
    people: [person('complainant', 'Janet Wu', { phone: '(708) 555-0170', description: 'Library director' })],
    property: [item('Front window pane, 4 x 6 ft', 820, 'damaged')],
    narrative: [
      'Library director Janet Wu reported that the front window was found cracked when staff opened this morning.',
      'A rock was found inside below the window and was collected. The library camera shows two juveniles near the window at 22:41 the previous night.',
    ],
  },
  {
    type: 'incident',
    location: '315 Forest Ave',
    answers: { offense: 'Found property', how_reported: 'Walk-in' },
    people: [person('complainant', 'Kevin Ortiz', { phone: '(708) 555-0133' })],
    property: [item('Black leather wallet with Illinois licence of a third party', null, 'safekeeping')],
    narrative: [
      'Kevin Ortiz brought a wallet he found on the sidewalk in front of 315 Forest Ave to the station.',
      'The wallet holds a driver licence and two bank cards; no cash. It was placed in safekeeping and the owner was left a voicemail.',
    ],
  },
];

function localStamp(instant: Date, timeZone: string): string {
  const p = zonedDateParts(instant, timeZone)!;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

function contentOf(story: Story, occurred: Date, timeZone: string): ReportContent {
  return {
    ...emptyReportContent(),
    occurred_at: localStamp(occurred, timeZone),
    reported_at: localStamp(new Date(occurred.getTime() + 35 * 60_000), timeZone),
    location: story.location,
    answers: story.answers,
    people: story.people,
    vehicles: story.vehicles ?? [],
    property: story.property ?? [],
    narrative: story.narrative.map((line) => `<p>${line}</p>`).join(''),
  };
}

/** Which state each demo report is in, newest first: drafts, two returned, five waiting for review, the rest approved. */
function statusAt(index: number): 'draft' | 'returned' | 'submitted' | 'approved' {
  if (index < 4) return 'draft';
  if (index < 6) return 'returned';
  if (index < 11) return 'submitted';
  return 'approved';
}

const RETURN_COMMENTS = [
  {
    comment: 'Good report. Add the suspect’s direction of travel and whether the store wants to prosecute.',
    field: 'narrative',
    note: 'Direction of travel?',
  },
  {
    comment: 'List the serial numbers of the tools as the receipts show them.',
    field: 'property.0.serial',
    note: 'Serial from the receipt',
  },
];

/**
 * The demo's reports: Sam Patel (officer@) wrote about thirty over two months, in every state; the
 * sergeants' role reviews them, Dana Ruiz (sergeant@) has five waiting, two were returned with her
 * comments, and one approved burglary has a supplement waiting for review. A small agency without
 * sergeants gets a few reports its administrator reviews.
 */
export async function seedDemoReports(tx: Tx, { agencyId, size, storeFile }: DemoAgency): Promise<void> {
  const officerRole = await roleFromTemplate(tx, agencyId, 'officer');
  const sergeantRole = await roleFromTemplate(tx, agencyId, 'sergeant');
  const adminRole = await roleFromTemplate(tx, agencyId, 'administrator');
  if (!officerRole) return;
  const author = (await activeRoleMembers(tx, agencyId, officerRole.id)).find((p) => p.accountType === 'full');
  // The sergeants review where there are any (their role is named the reviewers); otherwise the administrator does.
  const sergeant = sergeantRole ? (await activeRoleMembers(tx, agencyId, sergeantRole.id))[0] : undefined;
  const reviewer = sergeant ?? (adminRole ? (await activeRoleMembers(tx, agencyId, adminRole.id))[0] : undefined);
  if (!author || !reviewer) return;

  const sysConfig = await lockSysConfig(tx, agencyId);
  const timeZone = sysConfig.general_settings.timezone;
  // The demo lets officers draft incidents, thefts and damage reports from transcripts once an operator sets up a provider.
  const reportsSettings = {
    ...sysConfig.reports_settings,
    ai_type_keys: ['incident', 'theft', 'damage'],
    ...(sergeant ? { reviewer_role_id: sergeantRole!.id } : {}),
  };
  await writeSysConfig(tx, agencyId, { ...sysConfig, reports_settings: reportsSettings });
  const settings = reportsSettingsOf({ ...sysConfig, reports_settings: reportsSettings });
  const templates = new Map(
    (
      await templatesByIds(
        tx,
        agencyId,
        settings.types.flatMap((t) => (t.template_id ? [t.template_id] : [])),
      )
    ).map((t) => [t.id, t]),
  );

  const total = size === 'large' ? 30 : 6;
  const now = Date.now();
  const year = zonedDateParts(new Date(), timeZone)!.year;
  const counterName = settings.case_number_format.includes('{YYYY}') ? `reports.case.${year}` : 'reports.case';
  // Oldest first, so case numbers climb with the dates.
  for (let i = total - 1; i >= 0; i -= 1) {
    const story = STORIES[i % STORIES.length]!;
    const type = settings.types.find((t) => t.key === story.type) ?? settings.types[0]!;
    const template = type.template_id ? templates.get(type.template_id) : undefined;
    if (!template) continue;
    const occurred = new Date(now - (2 + i * 2) * DAY_MS - ((i * 7) % 12) * HOUR_MS);
    const attachments = storeFile && i % 3 !== 1 ? (ATTACHMENTS[story.type] ?? []) : [];
    const attachmentIds: string[] = [];
    for (const file of attachments)
      attachmentIds.push(
        await storeFile!({
          data: file.photo ? solidPng(64, 48, file.photo) : textPdf(file.name.replace(/\.pdf$/, ''), file.pdf ?? []),
          contentType: file.photo ? 'image/png' : 'application/pdf',
          purpose: 'reports',
          createdBy: author.id,
          name: file.name,
        }),
      );
    const content = { ...contentOf(story, occurred, timeZone), attachment_ids: attachmentIds };
    const status = size === 'large' ? statusAt(i) : (['draft', 'submitted', 'returned', 'approved', 'approved', 'approved'] as const)[i]!;
    const written = new Date(occurred.getTime() + 3 * HOUR_MS);
    const submitted = status === 'draft' ? null : new Date(written.getTime() + 2 * HOUR_MS);
    const reviewed = submitted ? new Date(submitted.getTime() + 14 * HOUR_MS) : null;
    const returned = status === 'returned' ? RETURN_COMMENTS[i % RETURN_COMMENTS.length]! : null;
    const caseNumber = formatCaseNumber(settings.case_number_format, year, await nextNumber(tx, agencyId, counterName));
    const report = (await insertReport(tx, {
      agencyId,
      caseNumber,
      typeKey: type.key,
      typeLabel: type.label,
      templateId: template.id,
      templateName: template.name,
      template: template.content as TemplateContent,
      status,
      authorId: author.id,
      reviewerId: status === 'approved' || status === 'returned' ? reviewer.id : null,
      content: status === 'draft' && i === 0 ? { ...content, narrative: '' } : content,
      occurredAt: content.occurred_at,
      location: content.location,
      people: content.people.map((p) => p.name),
      searchText: searchWords(caseNumber, [
        content.location,
        ...content.people.flatMap((p) => [p.name, p.address, p.phone]),
        ...content.vehicles.flatMap((v) => [v.plate, v.vin, v.make, v.model]),
        ...content.property.flatMap((p) => [p.description, p.serial]),
      ]),
      review: returned
        ? { comment: returned.comment, fields: { [returned.field]: returned.note }, by: reviewer.name, at: reviewed!.toISOString() }
        : null,
      submittedAt: submitted,
      approvedAt: status === 'approved' ? reviewed : null,
      createdAt: written,
      updatedAt: reviewed ?? written,
    }))!;
    let revision = 0;
    const keep = async (event: 'submitted' | 'returned' | 'approved', actorId: string, at: Date, comment: string | null) => {
      revision += 1;
      await insertRevision(tx, { agencyId, reportId: report.id, revision, event, actorId, comment, content, at });
    };
    if (submitted) await keep('submitted', author.id, submitted, null);
    if (status === 'returned') {
      await keep('returned', reviewer.id, reviewed!, returned!.comment);
      await insertNotification(tx, {
        agencyId,
        userId: author.id,
        kind: 'reports.returned',
        title: `Report ${caseNumber} was returned to you`,
        body: `${reviewer.name} returned it: ${returned!.comment}`,
        link: `/reports/${report.id}`,
        createdAt: reviewed!,
      });
    }
    if (status === 'approved') await keep('approved', reviewer.id, reviewed!, null);
    if (status === 'submitted')
      await insertNotification(tx, {
        agencyId,
        userId: reviewer.id,
        kind: 'reports.to_review',
        title: `Report ${caseNumber} is waiting for your review`,
        body: `${author.name} submitted the ${type.label.toLowerCase()} report ${caseNumber} (${content.location}).`,
        link: `/reports/${report.id}`,
        createdAt: submitted!,
      });
    // The oldest burglary got a supplement after approval: the owner found more missing.
    if (status === 'approved' && story.type === 'burglary' && i >= total - STORIES.length) {
      const supplement: ReportContent = {
        ...emptyReportContent(),
        occurred_at: content.occurred_at,
        reported_at: localStamp(new Date(reviewed!.getTime() + 2 * DAY_MS), timeZone),
        location: content.location,
        answers: { ...story.answers, loss_value: '240' },
        people: story.people,
        property: [item('Stihl leaf blower BG 50', 240, 'stolen', '508734912')],
        narrative:
          '<p>Gerald Hoffman called to report that a Stihl leaf blower was also missing from the garage; he had not noticed it on the first day. The serial number is from his receipt.</p>',
      };
      const supplementCase = supplementCaseNumber(caseNumber, 1);
      const added = (await insertReport(tx, {
        agencyId,
        caseNumber: supplementCase,
        supplement: 1,
        parentId: report.id,
        typeKey: type.key,
        typeLabel: type.label,
        templateId: template.id,
        templateName: template.name,
        template: template.content as TemplateContent,
        status: 'submitted',
        authorId: author.id,
        content: supplement,
        occurredAt: supplement.occurred_at,
        location: supplement.location,
        people: supplement.people.map((p) => p.name),
        searchText: searchWords(supplementCase, [
          supplement.location,
          ...supplement.people.map((p) => p.name),
          ...supplement.property.map((p) => `${p.description} ${p.serial}`),
        ]),
        submittedAt: new Date(reviewed!.getTime() + 2 * DAY_MS),
        createdAt: new Date(reviewed!.getTime() + 2 * DAY_MS),
        updatedAt: new Date(reviewed!.getTime() + 2 * DAY_MS),
      }))!;
      await insertRevision(tx, {
        agencyId,
        reportId: added.id,
        revision: 1,
        event: 'submitted',
        actorId: author.id,
        comment: null,
        content: supplement,
        at: new Date(reviewed!.getTime() + 2 * DAY_MS),
      });
    }
  }
  // The newest: a damage report drafted from a body-worn camera transcript, waiting for review.
  const damage = settings.types.find((t) => t.key === 'damage');
  const damageTemplate = damage?.template_id ? templates.get(damage.template_id) : undefined;
  if (size === 'large' && damageTemplate) {
    const occurred = new Date(Date.now() - 26 * HOUR_MS);
    await seedDemoAiDraft(
      tx,
      agencyId,
      author,
      settings,
      damageTemplate,
      localStamp(occurred, timeZone),
      new Date(occurred.getTime() + 4 * HOUR_MS),
    );
  }
}
