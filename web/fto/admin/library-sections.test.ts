import { describe, expect, it } from 'vitest';
import { keyFrom } from './library-sections.tsx';

describe('the key of a new task or policy', () => {
  it('is made from the title in the contract’s form and never repeats one already taken', () => {
    expect(keyFrom('Task 3', [], 'task')).toBe('task_3');
    expect(keyFrom('Task 3', ['task_3', 'task_3_2'], 'task')).toBe('task_3_3');
    expect(keyFrom('¡¡¡', [], 'policy')).toBe('policy');
    const long = keyFrom('A very long policy title that goes on and on and on', [], 'policy');
    expect(long).toMatch(/^[a-z0-9_]{1,40}$/);
  });
});
