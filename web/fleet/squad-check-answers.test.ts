import { describe, expect, it } from 'vitest';
import { TemplateSection, type Answer } from '../../core/contracts/fleet.ts';
import { answerFails, answerProblems, answersToSend, itemProblem, rangeLabel, serverProblems } from './squad-check-answers.ts';

// Parsed through the contract, so the defaults (required, note on fail) are the server's.
const sections = [
  TemplateSection.parse({
    id: 'readings',
    title: 'Readings',
    items: [
      { id: 'odometer', label: 'Odometer', kind: 'number', unit: 'mi', min: 0, max: 2_000_000, is_odometer: true },
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

describe('itemProblem, in the server’s words', () => {
  it('asks for required items and lets optional ones be empty', () => {
    expect(itemProblem(item('lightbar'), undefined)).toBe('Answer this item');
    expect(itemProblem(item('lightbar'), a('lightbar', ''))).toBe('Answer this item');
    expect(itemProblem(item('remarks'), undefined)).toBeNull();
  });

  it('wants a note on a failure, and a photo where the item says so', () => {
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail'))).toBe('Add a note saying what is wrong');
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail', { note: '   ' }))).toBe('Add a note saying what is wrong');
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail', { note: 'Rear bar dark' }))).toBeNull();
    expect(itemProblem(item('camera'), a('camera', 'fail', { note: 'No upload' }))).toBe('Add a photo of the problem');
    expect(itemProblem(item('camera'), a('camera', 'fail', { note: 'No upload', photo_ids: [PHOTO] }))).toBeNull();
    expect(itemProblem(item('body'), a('body', 'New damage'))).toBe('Add a note saying what is wrong');
  });

  it('lets N/A only where allowed, with a reason', () => {
    expect(itemProblem(item('lightbar'), a('lightbar', 'na'))).toBe('This item cannot be marked not applicable');
    expect(itemProblem(item('camera'), a('camera', 'na'))).toBe('Say why it does not apply');
    expect(itemProblem(item('camera'), a('camera', 'na', { na_reason: 'No camera fitted' }))).toBeNull();
  });

  it('checks numbers: the odometer in whole miles, a reading out of range fails without needing a note', () => {
    expect(itemProblem(item('odometer'), a('odometer', 'abc'))).toBe('Enter a number');
    expect(itemProblem(item('odometer'), a('odometer', 12.5))).toBe('Enter the odometer in whole miles');
    expect(itemProblem(item('odometer'), a('odometer', 48_210))).toBeNull();
    expect(answerFails(item('fuel'), a('fuel', 10))).toBe(true);
    expect(itemProblem(item('fuel'), a('fuel', 10))).toBeNull();
    expect(answerFails(item('fuel'), a('fuel', 50))).toBe(false);
  });

  it('checks choices, photos and signatures', () => {
    expect(itemProblem(item('body'), a('body', 'Scratched'))).toBe('Choose one of the options');
    expect(itemProblem(item('damage_photo'), a('damage_photo', 'not-an-id'))).toBe('Attach a photo');
    expect(itemProblem(item('signature'), undefined)).toBe('Answer this item');
    expect(itemProblem(item('signature'), a('signature', 'x'))).toBe('Sign here');
    expect(itemProblem(item('signature'), a('signature', PHOTO))).toBeNull();
  });

  it('gathers every problem by item id, and reads the server’s answers.<id> fields back', () => {
    const problems = answerProblems(sections, { odometer: a('odometer', 1000), lightbar: a('lightbar', 'fail') });
    expect(problems).toEqual({ fuel: 'Answer this item', lightbar: 'Add a note saying what is wrong', camera: 'Answer this item', body: 'Answer this item', signature: 'Answer this item' });
    expect(serverProblems({ 'answers.lightbar': 'Add a note saying what is wrong', template_version_id: 'This form is not known; reload it' })).toEqual({
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
