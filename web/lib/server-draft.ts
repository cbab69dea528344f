import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { errorMessage } from './api-error.ts';
import { isStaleVersion } from './api.ts';
import { dropDeviceCopy, readDeviceCopy, writeDeviceCopy, type DeviceCopy } from './device-copy.ts';

/**
 * A long form whose draft lives on the server (a DOR, a report): what is typed is kept on the device at
 * once (device-copy.ts), saved on the server a moment after the last change and when the screen
 * closes, and offered back when the form opens with the server's copy behind it. For a record that
 * waits in the outbox (`onDevice`), "saving" keeps it there and the device copy stays until the server
 * has the record.
 */

const AUTOSAVE_MS = 2500;

export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'failed'; message?: string };

/**
 * What was typed here and did not reach the server (a reload, a closed tab, no connection), when it
 * differs from the server's copy and is not older than it; null otherwise. Read once, before the form's
 * first values.
 */
export function restoredCopy<T>(
  key: string,
  schema: z.core.$ZodType<T>,
  server: { version: number; values: T },
  same: (a: T, b: T) => boolean,
): DeviceCopy<T> | null {
  const copy = readDeviceCopy(localStorage, key, schema);
  if (!copy || copy.version < server.version || same(copy.values, server.values)) return null;
  return copy;
}

export function useServerDraft<T>(options: {
  copyKey: string;
  /** The server's version of the record when the form opened. */
  version: number;
  /** The form's values now, and what of them the server keeps. */
  values: T;
  getValues: () => T;
  toSend: (values: T) => T;
  /** Saves the draft; without it (an amendment) nothing is saved or kept until the form is sent. */
  onSave: ((content: T, version: number) => Promise<{ version: number }>) | undefined;
  restored: DeviceCopy<T> | null;
  onDevice: boolean;
  /** "DOR", "report": named when someone else changed it. */
  what: string;
}) {
  const { copyKey, onDevice } = options;
  const version = useRef(options.version);
  const dirty = useRef(false);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // Saves go one after another, each with the version the one before made: `queue` is the last one's
  // end. A send waits for it; while the form is being sent (`sendingNow`) no save starts.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const sendingNow = useRef(false);
  const save = (): Promise<void> => {
    const run = queue.current.then(saveOnce);
    queue.current = run.catch(() => undefined);
    return run;
  };
  const saveOnce = async () => {
    const { onSave, getValues, toSend, what } = latest.current;
    if (!dirty.current || !onSave || sendingNow.current) return;
    dirty.current = false;
    setSaveState({ kind: 'saving' });
    const sent = toSend(getValues());
    try {
      const saved = await onSave(sent, version.current);
      version.current = saved.version;
      if (!onDevice && JSON.stringify(toSend(getValues())) === JSON.stringify(sent)) dropDeviceCopy(localStorage, copyKey);
      setSaveState({ kind: 'saved', message: new Date().toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }) });
    } catch (failure) {
      dirty.current = true;
      setSaveState({
        kind: 'failed',
        message: isStaleVersion(failure)
          ? `someone else changed this ${what}: reload it (what you typed here stays until you do)`
          : errorMessage(failure),
      });
    }
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const autosaves = Boolean(options.onSave);

  // Kept on the device at once; saved a moment after the last change, and whatever is unsaved when the screen closes.
  const serialized = JSON.stringify(options.values);
  const first = useRef(serialized);
  useEffect(() => {
    if (serialized === first.current || !autosaves) return;
    dirty.current = true;
    writeDeviceCopy(localStorage, copyKey, {
      version: version.current,
      changed_at: new Date().toISOString(),
      values: JSON.parse(serialized) as T,
    });
    const timer = window.setTimeout(() => void saveRef.current(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [serialized, autosaves, copyKey]);
  useEffect(() => () => void saveRef.current(), []);
  // A copy restored from the device goes to the server at once.
  const { restored } = options;
  useEffect(() => {
    if (!restored) return;
    dirty.current = true;
    void saveRef.current();
  }, [restored]);

  return {
    saveState,
    /** The version the next save or the form's send sends. */
    version,
    /** Saves now ("Save draft"), even when nothing changed. */
    saveNow: () => {
      dirty.current = true;
      return save();
    },
    /**
     * Sends the form: `send` runs once the saves on their way are done, so it goes with the version
     * they made (not refused as "someone else changed it"), and no save starts while it runs. Once it
     * went, the device copy goes (kept for a record still on the device only). Reads the form's values
     * inside `send`: what was typed while the saves finished goes too.
     */
    send: async <R>(send: () => Promise<R>): Promise<R> => {
      sendingNow.current = true;
      try {
        await queue.current;
        dirty.current = false;
        const result = await send();
        if (!onDevice) dropDeviceCopy(localStorage, copyKey);
        return result;
      } finally {
        sendingNow.current = false;
      }
    },
  };
}

/** The line under a draft form saying where what was typed is. */
export function saveStatusText(state: SaveState, onDevice: boolean): string {
  if (onDevice)
    return state.kind === 'saved'
      ? `Kept on this device at ${state.message}; sent when Precinct reaches the server`
      : state.kind === 'failed'
        ? `Not kept: ${state.message}`
        : 'Kept on this device as you type; sent when Precinct reaches the server.';
  return state.kind === 'saving'
    ? 'Saving the draft…'
    : state.kind === 'saved'
      ? `Draft saved at ${state.message}`
      : state.kind === 'failed'
        ? `Draft not saved: ${state.message}`
        : 'The draft saves itself as you type.';
}
