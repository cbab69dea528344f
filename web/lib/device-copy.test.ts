import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deviceCopyKey, dropDeviceCopy, readDeviceCopy, writeDeviceCopy } from './device-copy.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const Note = z.object({ text: z.string() });

describe('a form’s copy on the device', () => {
  it('gives back what was typed, with the version it started from, until it is dropped', () => {
    const storage = memoryStorage();
    const key = deviceCopyKey('user-1', 'fto.dor', 'dor-1');
    writeDeviceCopy(storage, key, { version: 3, changed_at: '2026-11-24T05:00:00Z', values: { text: 'Calm on a domestic call' } });
    expect(readDeviceCopy(storage, key, Note)).toEqual({
      version: 3,
      changed_at: '2026-11-24T05:00:00Z',
      values: { text: 'Calm on a domestic call' },
    });
    dropDeviceCopy(storage, key);
    expect(readDeviceCopy(storage, key, Note)).toBeNull();
  });

  it('keeps each person’s copies apart and ignores a copy that no longer fits the form', () => {
    const storage = memoryStorage();
    expect(deviceCopyKey('user-1', 'fto.dor', 'dor-1')).not.toBe(deviceCopyKey('user-2', 'fto.dor', 'dor-1'));
    storage.setItem('broken', '{"version":1,"changed_at":"x","values":{"text":42}}');
    storage.setItem('garbled', '{not json');
    expect(readDeviceCopy(storage, 'broken', Note)).toBeNull();
    expect(readDeviceCopy(storage, 'garbled', Note)).toBeNull();
  });
});
