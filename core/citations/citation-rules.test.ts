import { describe, expect, it } from 'vitest';
import type { Court, StopContent } from '../contracts/citations.ts';
import {
  appearanceDate,
  courtFor,
  formatCitationNumber,
  personName,
  stopProblems,
  type RuleContext,
  type StatuteFacts,
} from './citation-rules.ts';

const municipal: Court = {
  key: 'municipal',
  name: 'Riverside Municipal Court',
  address: '',
  phone: '',
  session_days: [2, 4], // Tuesday and Thursday
  session_time: '08:30',
  min_days: 14,
  kinds: ['traffic', 'parking', 'ordinance'],
};

const speeding: StatuteFacts = {
  id: 's1',
  code: '346.57(4)(h)',
  kinds: ['traffic', 'warning'],
  speeding: true,
  effective_from: '2020-01-01',
  effective_to: null,
};
const seatbelt: StatuteFacts = {
  id: 's2',
  code: '347.48(2m)',
  kinds: ['traffic', 'warning'],
  speeding: false,
  effective_from: '2020-01-01',
  effective_to: null,
};
const expired: StatuteFacts = {
  id: 's3',
  code: '346.89(3)',
  kinds: ['traffic'],
  speeding: false,
  effective_from: '2015-01-01',
  effective_to: '2025-12-31',
};
const parking: StatuteFacts = {
  id: 's4',
  code: 'RMC 7-2-4',
  kinds: ['parking'],
  speeding: false,
  effective_from: '2020-01-01',
  effective_to: null,
};

const context: RuleContext = {
  statutes: new Map([speeding, seatbelt, expired, parking].map((s) => [s.id, s])),
  courts: [municipal],
  holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
  today: '2026-11-24',
};

function stop(overrides: Partial<StopContent> = {}): StopContent {
  return {
    occurred_at: '2026-11-24T14:05',
    location: 'Main St & 4th Ave',
    latitude: null,
    longitude: null,
    person: {
      first_name: 'Dana',
      middle_name: '',
      last_name: 'Whitfield',
      date_of_birth: '1990-04-12',
      address: '412 Elm St',
      city: 'Riverside',
      state: 'WI',
      zip: '53711',
      licence_number: 'W1234567890123',
      licence_state: 'WI',
      phone: '',
    },
    vehicle: { plate: 'ABC1234', plate_state: 'WI', make: 'Honda', model: 'Civic', year: '2016', color: 'Blue', vin: '1HGCM82633A004352' },
    citations: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'traffic',
        violations: [{ statute_id: 's1', speed: 47, posted_limit: 30 }],
        court_key: '',
        appearance_date: '',
        officer_notes: 'Driver said they were late for work.',
      },
    ],
    ...overrides,
  };
}

describe('the appearance date', () => {
  it('is the first session day at least the court’s minimum after the stop', () => {
    // Tuesday 24 November + 14 days = Tuesday 8 December, a session day.
    expect(appearanceDate('2026-11-24', municipal, [])).toBe('2026-12-08');
    // Wednesday 25 November + 14 = Wednesday 9 December; the court next sits Thursday 10 December.
    expect(appearanceDate('2026-11-25', municipal, [])).toBe('2026-12-10');
  });

  it('skips the agency’s holidays', () => {
    // Thursday 10 December + 14 = Thursday 24 December, Christmas Eve: the next is Tuesday 29 December.
    expect(appearanceDate('2026-12-10', municipal, context.holidays)).toBe('2026-12-29');
  });
});

describe('a citation number', () => {
  it('reads in the agency’s format with the sequence padded and the year', () => {
    expect(formatCitationNumber('RPD{YY}-{NNNNNN}', 123, 2026)).toBe('RPD26-000123');
    expect(formatCitationNumber('{YYYY}-{NNNN}', 12345, 2027)).toBe('2027-12345');
  });
});

describe('the rules of a stop', () => {
  it('pass for a complete speeding citation', () => {
    expect(stopProblems(stop(), context)).toEqual({});
  });

  it('name each missing field of the person, the vehicle and the citation', () => {
    const problems = stopProblems(
      stop({
        location: '',
        person: { ...stop().person, last_name: '', date_of_birth: '' },
        vehicle: { ...stop().vehicle, plate: '' },
        citations: [{ ...stop().citations[0]!, violations: [{ statute_id: 's1', speed: null, posted_limit: 30 }] }],
      }),
      context,
    );
    expect(problems).toEqual({
      location: 'Enter where the stop was',
      'person.last_name': 'Enter the last name',
      'person.date_of_birth': 'Enter the date of birth',
      'vehicle.plate': 'Enter the plate',
      'citations.0.violations.0.speed': 'Enter the measured speed',
    });
  });

  it('refuse a VIN whose check digit does not match, saying which part is wrong', () => {
    expect(stopProblems(stop({ vehicle: { ...stop().vehicle, vin: '1HGCM82643A004352' } }), context)['vehicle.vin']).toMatch(/check digit/);
    expect(stopProblems(stop({ vehicle: { ...stop().vehicle, vin: '1HGCM8263' } }), context)['vehicle.vin']).toMatch(/17 characters/);
  });

  it('refuse a statute not in force on the day, one of the wrong kind, and a speed under the limit', () => {
    const problems = stopProblems(
      stop({
        citations: [
          {
            ...stop().citations[0]!,
            violations: [
              { statute_id: 's3', speed: null, posted_limit: null },
              { statute_id: 's4', speed: null, posted_limit: null },
              { statute_id: 's1', speed: 25, posted_limit: 30 },
            ],
          },
        ],
      }),
      context,
    );
    expect(problems['citations.0.violations.0.statute_id']).toBe('346.89(3) was not in force on the day of the stop');
    expect(problems['citations.0.violations.1.statute_id']).toBe('RMC 7-2-4 cannot be written on this kind of citation');
    expect(problems['citations.0.violations.2.speed']).toBe('The speed must be over the posted limit');
  });

  it('refuse an appearance date before the minimum or on a day the court does not sit', () => {
    const on = (appearance_date: string) => stopProblems(stop({ citations: [{ ...stop().citations[0]!, appearance_date }] }), context);
    expect(on('2026-12-01')['citations.0.appearance_date']).toBe('Use 2026-12-08 or later (14 days after the stop)');
    expect(on('2026-12-09')['citations.0.appearance_date']).toBe('Riverside Municipal Court does not sit that day');
    expect(on('2026-12-10')).toEqual({});
  });

  it('need no person for a parking citation, and no court for a written warning', () => {
    const noPerson = { ...stop().person, first_name: '', last_name: '', date_of_birth: '', address: '' };
    const parked = stop({
      person: noPerson,
      citations: [{ ...stop().citations[0]!, kind: 'parking', violations: [{ statute_id: 's4', speed: null, posted_limit: null }] }],
    });
    expect(stopProblems(parked, context)).toEqual({});
    const warned = stop({
      citations: [{ ...stop().citations[0]!, kind: 'warning', violations: [{ statute_id: 's2', speed: null, posted_limit: null }] }],
    });
    expect(stopProblems(warned, { ...context, courts: [] })).toEqual({});
    expect(courtFor('warning', [municipal], '')).toBeNull();
  });

  it('refuse a stop with no citation, or one in the future', () => {
    expect(stopProblems(stop({ citations: [] }), context).citations).toBe('Add a citation or a written warning');
    expect(stopProblems(stop({ occurred_at: '2026-11-25T01:00' }), context).occurred_at).toBe('The stop cannot be in the future');
  });
});

describe('a person’s name', () => {
  it('reads last name first, as a citation prints it', () => {
    expect(personName({ first_name: 'Dana', middle_name: 'R', last_name: 'Whitfield' })).toBe('Whitfield, Dana R');
  });
});
