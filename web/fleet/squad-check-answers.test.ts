import { describe, expect, it } from 'vitest';
import { TemplateSection, type Answer } from '../../core/contracts/fleet.ts';
import { ODOMETER_MAX } from '../../core/fleet/odometer.ts';
import { answerProblems, answersToSend, rangeLabel, serverProblems } from './squad-check-answers.ts';

// Parsed through the contract, so the defaults (required, note on fail) are the server's.
const sections = [
  TemplateSection.parse({
    id: 'readings',
    title: 'Readings',
    items: [
      { id: 'odometer', label: 'Odometer', kind: 'number', unit: 'mi', min: 0, max: ODOMETER_MAX, is_odometer: true },
      { id: 'fuel', label: 'Fuel level', kind: 'number', unit: '%', min: 25, max: 100 },
    ],
  }),
  TemplateSection.parse({
    id: 'equipment',
    title: 'Equipment',
    items: [
      { id: 'lightbar', label: 'Light bar', kind: 'pass_fail', critical: true },
      { id: 'camera', label: 'Camera', kind: 'pass_fail', allow_na: true, photo_required_on_fail: true },
      { id: 'body', label: 'Body damage', kind: 'choice', options: ['No new damage', 'New damage'], failing_options: ['New damage'] },
      { id: 'remarks', label: 'Remarks', kind: 'text', required: false },
      { id: 'damage_photo', label: 'Damage photo', kind: 'photo', required: false },
      { id: 'signature', label: 'Officer signature', kind: 'signature' },
    ],
  }),
];
const item = (id: string) => sections.flatMap((s) => s.items).find((candidate) => candidate.id === id)!;
const a = (item_id: string, value: Answer['value'], extra: Partial<Answer> = {}): Answer => ({ item_id, value, ...extra });
const PHOTO = '0b8f5a0e-8c1d-4f0e-9f59-2a7d7f1c3e11';

// The rules themselves are tested in core/fleet/squad-check-rules.test.ts; here, what the form makes of them.
describe('answerProblems', () => {
  it('gathers every problem by item id, in the server’s words', () => {
    const problems = answerProblems(sections, { odometer: a('odometer', 1000), lightbar: a('lightbar', 'fail') });
    expect(problems).toEqual({
      fuel: 'Answer this item',
      lightbar: 'Add a note saying what is wrong',
      camera: 'Answer this item',
      body: 'Answer this item',
      signature: 'Answer this item',
    });
  });

  const complete = (odometer: Answer['value'], extra: Record<string, Answer> = {}): Record<string, Answer> => ({
    odometer: a('odometer', odometer),
    fuel: a('fuel', 80),
    lightbar: a('lightbar', 'pass'),
    camera: a('camera', 'pass'),
    body: a('body', 'No new damage'),
    signature: a('signature', PHOTO),
    ...extra,
  });

  it('refuses an implausible odometer reading, as the server does', () => {
    expect(answerProblems(sections, complete(ODOMETER_MAX + 1))).toEqual({ odometer: 'That odometer reading is not plausible; check it' });
    expect(answerProblems(sections, complete(ODOMETER_MAX))).toEqual({});
  });

  it('refuses an odometer reading below the vehicle’s, and takes the same or a higher one', () => {
    const vehicle = { odometer: 41_000 };
    expect(answerProblems(sections, complete(40_500), vehicle)).toEqual({
      odometer: 'The odometer already reads 41,000; a reading cannot go backwards',
    });
    expect(answerProblems(sections, complete(41_000), vehicle)).toEqual({});
    expect(answerProblems(sections, complete(41_250), vehicle)).toEqual({});
  });

  it('refuses a signature that is only shaped like a stored file id, as the server does', () => {
    expect(answerProblems(sections, complete(1000, { signature: a('signature', '-'.repeat(36)) }))).toEqual({ signature: 'Sign here' });
  });

  it('lets a reading out of range go with a blank note, since the blank note is not sent and the reading is recorded instead', () => {
    expect(answerProblems(sections, complete(1000, { fuel: a('fuel', 10, { note: '  ' }) }))).toEqual({});
  });

  it('takes a photo and a signature kept on the device until the connection is back as given', () => {
    const kept = (n: number) => `local:5a0c1e2f-8b3d-4e6f-9a1b-2c3d4e5f6a7${n}`;
    const answers = complete(1000, {
      damage_photo: a('damage_photo', kept(1)),
      signature: a('signature', kept(2)),
      camera: a('camera', 'fail', { note: 'Does not upload', photo_ids: [kept(3)] }),
    });
    expect(answerProblems(sections, answers)).toEqual({});
    expect(answerProblems(sections, { ...answers, damage_photo: a('damage_photo', 'local:photo') })).toEqual({
      damage_photo: 'Attach a photo',
    });
  });

  it('still wants a note on a failed item whose note is only blanks', () => {
    expect(answerProblems(sections, complete(1000, { lightbar: a('lightbar', 'fail', { note: '  ' }) }))).toEqual({
      lightbar: 'Add a note saying what is wrong',
    });
  });
});

describe('serverProblems', () => {
  it('reads the server’s answers.<id> fields back by item id, and keeps the rest apart', () => {
    expect(
      serverProblems({ 'answers.lightbar': 'Add a note saying what is wrong', template_version_id: 'This form is not known; reload it' }),
    ).toEqual({
      byItem: { lightbar: 'Add a note saying what is wrong' },
      other: ['This form is not known; reload it'],
    });
  });
});

describe('answersToSend', () => {
  it('keeps only answered items of the form, in its order, without empty notes or stray reasons', () => {
    const sent = answersToSend(sections, {
      lightbar: a('lightbar', 'pass', { note: '' }),
      odometer: a('odometer', 1000),
      fuel: a('fuel', 10, { note: '  ' }),
      camera: a('camera', 'pass', { na_reason: 'left over' }),
      gone: a('gone', 'pass'),
      remarks: a('remarks', ''),
    });
    expect(sent).toEqual([a('odometer', 1000), a('fuel', 10), a('lightbar', 'pass'), a('camera', 'pass')]);
  });
});

describe('rangeLabel', () => {
  it('shows the range and unit', () => {
    expect(rangeLabel(item('fuel'))).toBe('25–100 %');
    expect(rangeLabel(item('odometer'))).toBe('Whole miles');
  });
});
