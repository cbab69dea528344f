import { describe, expect, it } from 'vitest';
import { TemplateSection, type Answer } from '../contracts/fleet.ts';
import { ODOMETER_MAX } from './odometer.ts';
import { answerFails, evaluateAnswers, itemProblem, noteRequiredOnFail, odometerCeiling } from './squad-check-rules.ts';

// Parsed through the contract, so the defaults (required, note on fail) are the ones templates get.
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
      { id: 'horn', label: 'Horn', kind: 'pass_fail', note_required_on_fail: false },
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
/** Every required item answered and passing. */
const passing = (odometer: number): Answer[] => [
  a('odometer', odometer),
  a('fuel', 80),
  a('lightbar', 'pass'),
  a('camera', 'pass'),
  a('horn', 'pass'),
  a('body', 'No new damage'),
  a('signature', PHOTO),
];
const replace = (answers: Answer[], answer: Answer) => answers.map((existing) => (existing.item_id === answer.item_id ? answer : existing));

describe('itemProblem', () => {
  it('asks for a required item left empty, and lets an optional one be empty', () => {
    expect(itemProblem(item('lightbar'), undefined)).toBe('Answer this item');
    expect(itemProblem(item('lightbar'), a('lightbar', ''))).toBe('Answer this item');
    expect(itemProblem(item('lightbar'), a('lightbar', null))).toBe('Answer this item');
    expect(itemProblem(item('remarks'), undefined)).toBeNull();
  });

  it('refuses a value that is not pass or fail, and takes pass', () => {
    expect(itemProblem(item('lightbar'), a('lightbar', 'ok'))).toBe('Choose pass or fail');
    expect(itemProblem(item('lightbar'), a('lightbar', 'pass'))).toBeNull();
  });

  it('wants a note on a failure, and takes one that says something', () => {
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail'))).toBe('Add a note saying what is wrong');
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail', { note: '   ' }))).toBe('Add a note saying what is wrong');
    expect(itemProblem(item('lightbar'), a('lightbar', 'fail', { note: 'Rear bar dark' }))).toBeNull();
  });

  it('lets a failure go without a note where the item waives it', () => {
    expect(itemProblem(item('horn'), a('horn', 'fail'))).toBeNull();
  });

  it('wants a photo of the problem where the item asks for one, over the note', () => {
    expect(itemProblem(item('camera'), a('camera', 'fail'))).toBe('Add a photo of the problem');
    expect(itemProblem(item('camera'), a('camera', 'fail', { note: 'No upload' }))).toBe('Add a photo of the problem');
    expect(itemProblem(item('camera'), a('camera', 'fail', { note: 'No upload', photo_ids: [PHOTO] }))).toBeNull();
  });

  it('refuses N/A on an item that does not allow it', () => {
    expect(itemProblem(item('lightbar'), a('lightbar', 'na', { na_reason: 'Not fitted' }))).toBe(
      'This item cannot be marked not applicable',
    );
  });

  it('wants a reason for N/A, and takes one', () => {
    expect(itemProblem(item('camera'), a('camera', 'na'))).toBe('Say why it does not apply');
    expect(itemProblem(item('camera'), a('camera', 'na', { na_reason: '  ' }))).toBe('Say why it does not apply');
    expect(itemProblem(item('camera'), a('camera', 'na', { na_reason: 'No camera fitted' }))).toBeNull();
  });

  it('refuses a number item answered with something that is not a number, and takes a number written as text', () => {
    expect(itemProblem(item('fuel'), a('fuel', 'abc'))).toBe('Enter a number');
    expect(itemProblem(item('fuel'), a('fuel', '60'))).toBeNull();
  });

  it('lets a reading out of range fail without a note, as the reading is recorded instead', () => {
    expect(itemProblem(item('fuel'), a('fuel', 10))).toBeNull();
    expect(answerFails(item('fuel'), a('fuel', 10))).toBe(true);
  });

  it('still refuses a reading out of range sent with a blank note', () => {
    expect(itemProblem(item('fuel'), a('fuel', 10, { note: '' }))).toBe('Add a note saying what is wrong');
  });

  it('wants the odometer in whole miles', () => {
    expect(itemProblem(item('odometer'), a('odometer', 12.5))).toBe('Enter the odometer in whole miles');
    expect(itemProblem(item('odometer'), a('odometer', -1))).toBe('Enter the odometer in whole miles');
    expect(itemProblem(item('odometer'), a('odometer', 48_210))).toBeNull();
  });

  it('refuses an odometer reading above the ceiling, and takes the ceiling itself', () => {
    expect(itemProblem(item('odometer'), a('odometer', ODOMETER_MAX + 1))).toBe('That odometer reading is not plausible; check it');
    expect(itemProblem(item('odometer'), a('odometer', ODOMETER_MAX))).toBeNull();
  });

  it('refuses an odometer reading below the vehicle’s, and takes the same or a higher one', () => {
    const vehicle = { odometer: 41_000 };
    expect(itemProblem(item('odometer'), a('odometer', 40_999), vehicle)).toBe(
      'The odometer already reads 41,000; a reading cannot go backwards',
    );
    expect(itemProblem(item('odometer'), a('odometer', 41_000), vehicle)).toBeNull();
    expect(itemProblem(item('odometer'), a('odometer', 41_250), vehicle)).toBeNull();
  });

  it('refuses an option the choice does not have, and takes one it has', () => {
    expect(itemProblem(item('body'), a('body', 'Scratched'))).toBe('Choose one of the options');
    expect(itemProblem(item('body'), a('body', 'No new damage'))).toBeNull();
  });

  it('wants a note on a failing option', () => {
    expect(itemProblem(item('body'), a('body', 'New damage'))).toBe('Add a note saying what is wrong');
    expect(itemProblem(item('body'), a('body', 'New damage', { note: 'Dent in the rear door' }))).toBeNull();
  });

  it('refuses a text item answered with a number, and takes text', () => {
    expect(itemProblem(item('remarks'), a('remarks', 5))).toBe('Enter text');
    expect(itemProblem(item('remarks'), a('remarks', 'All good'))).toBeNull();
  });

  it('refuses a photo or signature that is not a stored file id, even one shaped like it', () => {
    expect(itemProblem(item('damage_photo'), a('damage_photo', 'not-an-id'))).toBe('Attach a photo');
    expect(itemProblem(item('damage_photo'), a('damage_photo', '-'.repeat(36)))).toBe('Attach a photo');
    expect(itemProblem(item('signature'), a('signature', 'x'))).toBe('Sign here');
    expect(itemProblem(item('damage_photo'), a('damage_photo', PHOTO))).toBeNull();
    expect(itemProblem(item('signature'), a('signature', PHOTO.toUpperCase()))).toBeNull();
  });
});

describe('answerFails', () => {
  it('counts a fail, a reading out of range and a failing option as failures', () => {
    expect(answerFails(item('lightbar'), a('lightbar', 'fail'))).toBe(true);
    expect(answerFails(item('fuel'), a('fuel', 101))).toBe(true);
    expect(answerFails(item('body'), a('body', 'New damage'))).toBe(true);
  });

  it('does not count a pass, a reading in range, a passing option, N/A, an empty answer or any odometer reading', () => {
    expect(answerFails(item('lightbar'), a('lightbar', 'pass'))).toBe(false);
    expect(answerFails(item('fuel'), a('fuel', 50))).toBe(false);
    expect(answerFails(item('body'), a('body', 'No new damage'))).toBe(false);
    expect(answerFails(item('camera'), a('camera', 'na'))).toBe(false);
    expect(answerFails(item('lightbar'), undefined)).toBe(false);
    expect(answerFails(item('odometer'), a('odometer', ODOMETER_MAX + 1))).toBe(false);
  });
});

describe('noteRequiredOnFail', () => {
  it('asks for a note unless the item waives it or is a number', () => {
    expect(noteRequiredOnFail(item('lightbar'))).toBe(true);
    expect(noteRequiredOnFail(item('horn'))).toBe(false);
    expect(noteRequiredOnFail(item('fuel'))).toBe(false);
  });
});

describe('odometerCeiling', () => {
  it('is the item’s own maximum when it is lower than ODOMETER_MAX, and never above ODOMETER_MAX', () => {
    expect(odometerCeiling({ ...item('odometer'), max: 500_000 })).toBe(500_000);
    expect(odometerCeiling({ ...item('odometer'), max: ODOMETER_MAX * 2 })).toBe(ODOMETER_MAX);
    expect(odometerCeiling({ ...item('odometer'), max: undefined })).toBe(ODOMETER_MAX);
  });
});

describe('evaluateAnswers', () => {
  it('finds nothing wrong with a passing check, and reads its odometer', () => {
    expect(evaluateAnswers(sections, passing(48_210))).toEqual({ errors: {}, failed: [], odometer: 48_210 });
  });

  it('keys each problem answers.<item id>', () => {
    const answers = replace(replace(passing(1000), a('lightbar', 'fail')), a('fuel', 'abc')).filter((answer) => answer.item_id !== 'body');
    expect(evaluateAnswers(sections, answers).errors).toEqual({
      'answers.fuel': 'Enter a number',
      'answers.lightbar': 'Add a note saying what is wrong',
      'answers.body': 'Answer this item',
    });
  });

  it('refuses an answer to an item the form does not have', () => {
    expect(evaluateAnswers(sections, [...passing(1000), a('gone', 'pass')]).errors).toEqual({
      'answers.gone': 'This item is not on the form; reload it',
    });
  });

  it('lists what failed, critical or not, with the officer’s note or the reading', () => {
    const answers = replace(
      replace(replace(passing(1000), a('lightbar', 'fail', { note: ' Rear bar dark ' })), a('fuel', 10)),
      a('body', 'New damage', { note: 'Dent' }),
    );
    const { errors, failed } = evaluateAnswers(sections, answers);
    expect(errors).toEqual({});
    expect(failed).toEqual([
      { item_id: 'fuel', label: 'Fuel level: 10 % (expected 25–100)', critical: false, note: 'Reading 10 %' },
      { item_id: 'lightbar', label: 'Light bar', critical: true, note: 'Rear bar dark' },
      { item_id: 'body', label: 'Body damage: New damage', critical: false, note: 'Dent' },
    ]);
  });

  it('refuses an implausible odometer and does not read it', () => {
    expect(evaluateAnswers(sections, passing(3_000_000_000))).toEqual({
      errors: { 'answers.odometer': 'That odometer reading is not plausible; check it' },
      failed: [],
      odometer: null,
    });
  });

  it('refuses an odometer reading below the vehicle’s when given the vehicle, and leaves it to the caller when not', () => {
    expect(evaluateAnswers(sections, passing(40_000), { odometer: 41_000 }).errors).toEqual({
      'answers.odometer': 'The odometer already reads 41,000; a reading cannot go backwards',
    });
    expect(evaluateAnswers(sections, passing(40_000)).errors).toEqual({});
    expect(evaluateAnswers(sections, passing(41_250), { odometer: 41_000 })).toMatchObject({ errors: {}, odometer: 41_250 });
  });
});
