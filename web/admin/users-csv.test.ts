import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { parseCsv } from './import-csv.ts';
import { csvCell } from '../../core/csv.ts';
import { usersToCsv } from './users-csv.ts';

const user: AdminUser = {
  id: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
  email: 'pat@pd.test',
  name: 'Smith, Pat "PJ"',
  badge_number: '0042',
  rank: null,
  phone: '+1 555 0100',
  account_type: 'full',
  status: 'active',
  roles: [
    { id: 'r1', name: 'Officer' },
    { id: 'r2', name: 'Field Training Officer' },
  ],
  permissions: [],
  last_sign_in_at: '2026-03-08T14:05:00.000Z',
  created_at: '2026-01-02T00:00:00.000Z',
  locked: false,
  invitation_expires_at: null,
  version: 3,
};

describe('the CSV export of the users list', () => {
  it('has a header and one line per person, quoting commas and quotes, roles joined by ";"', () => {
    const csv = usersToCsv([user]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('name,email,status,account_type,roles,badge_number,rank,phone,locked,last_sign_in_at,created_at');
    expect(lines[1]).toBe(
      '"Smith, Pat ""PJ""",pat@pd.test,active,full,Officer;Field Training Officer,0042,,\'+1 555 0100,false,2026-03-08T14:05:00.000Z,2026-01-02T00:00:00.000Z',
    );
    expect(lines[2]).toBe('');
    // What it writes reads back as the same cells.
    expect(parseCsv(csv)[1]?.[0]).toBe('Smith, Pat "PJ"');
  });

  it('keeps spreadsheet formulas from running (CSV injection)', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
  });

  it('is just the header for an empty list', () => {
    expect(usersToCsv([])).toBe('name,email,status,account_type,roles,badge_number,rank,phone,locked,last_sign_in_at,created_at\r\n');
  });
});
