import { describe, expect, it } from 'vitest';
import type { Answer, TemplateSection } from '../../core/contracts/fleet.ts';
import {
  answersForServerDraft,
  localDraftKey,
  readLocalDraft,
  removeLocalDraft,
  restoreDraft,
  writeLocalDraft,
  type LocalDraft,
} from './squad-check-draft.ts';

const sections: TemplateSection[] = [
  {
    id: 's',
    title: 'S',
    items: [
      {
        id: 'lightbar',
        label: 'Light bar',
        kind: 'pass_fail',
        required: true,
        critical: true,
        note_required_on_fail: true,
        photo_required_on_fail: false,
        allow_na: false,
      },
      {
        id: 'siren',
        label: 'Siren',
        kind: 'pass_fail',
        required: true,
        critical: true,
        note_required_on_fail: true,
        photo_required_on_fail: false,
        allow_na: false,
      },
      {
        id: 'fuel',
        label: 'Fuel',
        kind: 'number',
        required: true,
        critical: false,
        note_required_on_fail: true,
        photo_required_on_fail: false,
        allow_na: false,
      },
    ],
  },
];
const a = (item_id: string, value: Answer['value'], note?: string): Answer => (note ? { item_id, value, note } : { item_id, value });
const local = (changed_at: string, answers: Answer[], template_version_id = 'v1'): LocalDraft => ({
  template_version_id,
  changed_at,
  server_saved_at: null,
  answers,
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('restoreDraft', () => {
  it('starts empty with no draft anywhere', () => {
    expect(restoreDraft(sections, 'v1', null, null)).toEqual({ answers: {}, source: 'none', saved_at: null, unsent: false });
  });

  it('takes the server’s draft when the device has none', () => {
    const restored = restoreDraft(sections, 'v1', { answers: [a('lightbar', 'pass')], saved_at: '2026-11-22T10:00:00.000Z' }, null);
    expect(restored).toEqual({
      answers: { lightbar: a('lightbar', 'pass') },
      source: 'server',
      saved_at: '2026-11-22T10:00:00.000Z',
      unsent: false,
    });
  });

  it('takes the device’s draft when the server has none, and says it still has to be sent', () => {
    const restored = restoreDraft(sections, 'v1', null, local('2026-11-22T10:05:00.000Z', [a('siren', 'fail', 'Weak')]));
    expect(restored.answers).toEqual({ siren: a('siren', 'fail', 'Weak') });
    expect(restored.unsent).toBe(true);
  });

  it('merges item by item, the newer side winning, items only one side has kept', () => {
    const server = { answers: [a('lightbar', 'pass'), a('fuel', 80)], saved_at: '2026-11-22T10:00:00.000Z' };
    const device = local('2026-11-22T10:01:00.000Z', [a('lightbar', 'fail', 'Rear bar dark'), a('siren', 'pass')]);
    const restored = restoreDraft(sections, 'v1', server, device);
    expect(restored.answers).toEqual({ lightbar: a('lightbar', 'fail', 'Rear bar dark'), siren: a('siren', 'pass'), fuel: a('fuel', 80) });
    expect(restored).toMatchObject({ source: 'both', unsent: true, saved_at: '2026-11-22T10:01:00.000Z' });

    const older = restoreDraft(sections, 'v1', { ...server, saved_at: '2026-11-22T10:02:00.000Z' }, device);
    expect(older.answers.lightbar).toEqual(a('lightbar', 'pass'));
    expect(older.unsent).toBe(false);
  });

  it('drops a device draft of another template version and answers to items no longer on the form', () => {
    expect(restoreDraft(sections, 'v2', null, local('2026-11-22T10:01:00.000Z', [a('siren', 'pass')], 'v1')).source).toBe('none');
    expect(
      restoreDraft(sections, 'v1', { answers: [a('gone', 'pass'), a('siren', 'pass')], saved_at: '2026-11-22T10:00:00.000Z' }, null)
        .answers,
    ).toEqual({ siren: a('siren', 'pass') });
  });
});

describe('the device copy', () => {
  it('round-trips through storage, ignores garbage, and is removed after sending', () => {
    const storage = memoryStorage();
    const key = localDraftKey('user-1', 'car-1');
    const draft = local('2026-11-22T10:01:00.000Z', [a('siren', 'pass')]);
    writeLocalDraft(storage, key, draft);
    expect(readLocalDraft(storage, key)).toEqual(draft);
    storage.setItem(key, '{not json');
    expect(readLocalDraft(storage, key)).toBeNull();
    storage.setItem(key, JSON.stringify({ answers: 'nope' }));
    expect(readLocalDraft(storage, key)).toBeNull();
    removeLocalDraft(storage, key);
    expect(storage.map.size).toBe(0);
  });
});

describe('a photo taken without a connection', () => {
  const keptPhoto = 'local:5a0c1e2f-8b3d-4e6f-9a1b-2c3d4e5f6a7b';
  const storedPhoto = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
  const failedWithKeptPhoto: Answer = { item_id: 'lightbar', value: 'fail', note: 'Rear bar dark', photo_ids: [keptPhoto] };

  it('stays in the device’s draft only: the server’s draft gets the other answers', () => {
    const withStoredPhoto: Answer = { item_id: 'siren', value: 'fail', note: 'Weak', photo_ids: [storedPhoto] };
    expect(answersForServerDraft([failedWithKeptPhoto, withStoredPhoto, a('fuel', 80)])).toEqual([withStoredPhoto, a('fuel', 80)]);
  });

  it('is read back from the device’s draft, and kept when the server saved the other answers later', () => {
    const storage = memoryStorage();
    const key = localDraftKey('user-1', 'car-1');
    writeLocalDraft(storage, key, local('2026-11-22T10:01:00.000Z', [failedWithKeptPhoto, a('siren', 'pass')]));
    const device = readLocalDraft(storage, key);
    expect(device?.answers).toEqual([failedWithKeptPhoto, a('siren', 'pass')]);
    const server = { answers: answersForServerDraft(device!.answers), saved_at: '2026-11-22T10:01:03.000Z' };
    expect(restoreDraft(sections, 'v1', server, device).answers.lightbar).toEqual(failedWithKeptPhoto);
  });
});
