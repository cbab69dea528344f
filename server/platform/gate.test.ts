import { describe, expect, it } from 'vitest';
import { Gate } from './gate.ts';

/** A task that runs until it is let go, recording when it started. */
function heldTask(started: number[], id: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { run: async () => (started.push(id), await held, id), release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a gate', () => {
  it('runs at most its size at once and starts the rest in the order they came, as slots free up', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const tasks = [1, 2, 3, 4, 5].map((id) => heldTask(started, id));
    const results = tasks.map((task) => gate.run(task.run));
    await settle();
    expect(started).toEqual([1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });

    tasks[1]!.release();
    await settle();
    expect(started).toEqual([1, 2, 3]);

    for (const task of tasks) task.release();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails, and passes its error to the caller', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('hash failed')))).rejects.toThrow('hash failed');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a size that would let nothing through', () => {
    expect(() => new Gate(0)).toThrow(RangeError);
  });
});
