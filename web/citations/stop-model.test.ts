import { describe, expect, it } from 'vitest';
import type { AmendCitationInput } from '../../core/contracts/citations.ts';
import { courtKeyOf } from './admin/settings-rules.ts';
import {
  agencyNow,
  amendProblems,
  emptyStop,
  fieldId,
  fieldLabel,
  mergeLicence,
  money,
  citationsInCsv,
  orderedProblems,
  parseCsv,
  statuteLabel,
  vinHint,
  wholeNumberOrNull,
  EMPTY_PERSON,
} from './stop-model.ts';

const stop = {
  citations: [
    { id: 'a', kind: 'traffic' as const, violations: [], court_key: '', appearance_date: '', officer_notes: '' },
    { id: 'b', kind: 'warning' as const, violations: [], court_key: '', appearance_date: '', officer_notes: '' },
  ],
};

describe('the stop form’s logic', () => {
  it('dates a new stop on the agency’s wall clock, not the device’s', () => {
    const instant = new Date('2026-11-25T03:30:00Z');
    expect(agencyNow('America/Chicago', instant)).toBe('2026-11-24T21:30');
    expect(agencyNow('UTC', instant)).toBe('2026-11-25T03:30');
    expect(emptyStop('2026-11-24T21:30').citations).toHaveLength(1);
  });

  it('names each field path as the summary reads it', () => {
    expect(fieldLabel('person.last_name', stop)).toBe('Last name');
    expect(fieldLabel('vehicle.vin', stop)).toBe('VIN');
    expect(fieldLabel('citations.0.violations', stop)).toBe('Citation 1 (Traffic citation): violations');
    expect(fieldLabel('citations.1.violations.0.speed', stop)).toBe('Citation 2 (Written warning), violation 1: speed');
    expect(fieldLabel('citations.0.court_key', stop)).toBe('Citation 1 (Traffic citation): court');
    expect(fieldLabel('something.else', stop)).toBe('something.else');
    expect(fieldId('citations.1.violations.0.speed')).toBe('field-citations-1-violations-0-speed');
  });

  it('lists problems in the order of the form: stop, person, vehicle, then each citation', () => {
    const ordered = orderedProblems({
      'citations.1.violations': 'x',
      'vehicle.vin': 'x',
      'person.date_of_birth': 'x',
      'person.last_name': 'x',
      location: 'x',
      'citations.0.court_key': 'x',
      'person.first_name': 'x',
    }).map(([path]) => path);
    expect(ordered).toEqual([
      'location',
      'person.first_name',
      'person.last_name',
      'person.date_of_birth',
      'vehicle.vin',
      'citations.0.court_key',
      'citations.1.violations',
    ]);
  });

  it('fills the person from a licence without wiping what the licence leaves out', () => {
    const typed = { ...EMPTY_PERSON, phone: '555-0100', last_name: 'Smth' };
    expect(mergeLicence(typed, { last_name: 'Smith', first_name: 'Jo', middle_name: '' })).toMatchObject({
      last_name: 'Smith',
      first_name: 'Jo',
      phone: '555-0100',
    });
  });

  it('says what the VIN lacks as it is typed', () => {
    expect(vinHint('')).toBeNull();
    expect(vinHint('1HGCM8')).toEqual({ ok: false, text: '6 of 17 characters' });
    expect(vinHint('1HGCM82633A00435O')?.text).toContain('I, O or Q');
    expect(vinHint('1HGCM82633A004352')).toEqual({ ok: true, text: 'The check digit matches' });
    expect(vinHint('1HGCM82643A004352')?.text).toContain('check digit');
  });

  it('reads money, statutes and whole numbers', () => {
    expect(money(12500)).toBe('$125.00');
    expect(money(null)).toBe('Set by the court');
    expect(statuteLabel({ code: '316.183', description: 'Speeding', fine_cents: 15000 })).toBe('316.183 — Speeding — $150.00');
    expect(wholeNumberOrNull('')).toBeNull();
    expect(wholeNumberOrNull('4a5')).toBe(45);
  });

  it('maps an amendment’s problems to its own fields', () => {
    const input: AmendCitationInput = {
      reason: 'typo',
      occurred_at: '2026-11-20T10:00',
      location: '',
      person: EMPTY_PERSON,
      vehicle: { plate: '', plate_state: '', make: '', model: '', year: '', color: '', vin: '' },
      violations: [],
      court_key: '',
      appearance_date: '',
      officer_notes: '',
    };
    const problems = amendProblems(input, 'traffic', (s) => {
      expect(s.citations[0]?.kind).toBe('traffic');
      return { location: 'Enter where', 'citations.0.violations.0.speed': 'Speed', citations: 'never for one' };
    });
    expect(problems).toEqual({ location: 'Enter where', 'violations.0.speed': 'Speed' });
  });

  it('reads which citations a court export holds: by id when it has the column, else by number', () => {
    const csv =
      'citation_number,citation_id,statute,description\r\nRPD-101,id-1,316.183,"Speeding, unlawful"\r\nRPD-101,id-1,316.074,"Sign ""stop"""\nRPD-102,id-2,1,x\n';
    expect(parseCsv(csv)[2]).toEqual(['RPD-101', 'id-1', '316.074', 'Sign "stop"']);
    expect(citationsInCsv(csv)).toEqual({ by: 'id', values: new Set(['id-1', 'id-2']) });
    expect(citationsInCsv('number,code\nRPD-7,1\n')).toEqual({ by: 'number', values: new Set(['RPD-7']) });
    expect(citationsInCsv('code,description\n1,x\n')).toBeNull();
  });

  it('keys a new court from its name, never taking another court’s key', () => {
    expect(courtKeyOf('Riverside Municipal Court', [])).toBe('riverside_municipal_court');
    expect(courtKeyOf('Riverside Municipal Court', [{ key: 'riverside_municipal_court' }])).toBe('riverside_municipal_court_2');
    expect(courtKeyOf('!!', [])).toBe('court');
  });
});
