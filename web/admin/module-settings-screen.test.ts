import { describe, expect, it } from 'vitest';
import { settingsPageOf } from './module-settings-screen.tsx';

describe('the module settings page a path stands for', () => {
  it('names the module and, for the schedule, its sub-page', () => {
    expect(settingsPageOf('/admin/modules/fleet')).toEqual({ module: 'fleet', page: null });
    expect(settingsPageOf('/admin/modules/schedule/assignments')).toEqual({ module: 'schedule', page: 'Assignments' });
    expect(settingsPageOf('/Admin/Modules/FTO/')).toEqual({ module: 'fto', page: null });
    expect(settingsPageOf('/admin/modules/agency')).toBeNull();
  });
});
