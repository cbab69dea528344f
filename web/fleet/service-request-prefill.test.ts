import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_CATEGORIES } from '../../core/contracts/fleet.ts';
import { describeFailure, guessCategory, prefillFromFailedItem, readPrefill } from './service-request-prefill.ts';

const CHECK = '6f1c0a52-3f0e-4d8b-8a36-2a3c2b9f0c11';
const CAR = '1d3e5f70-9a2b-4c6d-8e0f-1a2b3c4d5e6f';

describe('pre-filling a service request from a failed item', () => {
  it('guesses the category from the item’s id and label among the agency’s categories', () => {
    expect(guessCategory({ item_id: 'lightbar', label: 'Light bar and emergency lights' }, DEFAULT_SERVICE_CATEGORIES)).toBe(
      'emergency_equipment',
    );
    expect(guessCategory({ item_id: 'siren', label: 'Siren and PA' }, DEFAULT_SERVICE_CATEGORIES)).toBe('emergency_equipment');
    expect(guessCategory({ item_id: 'tires', label: 'Tires: tread and pressure' }, DEFAULT_SERVICE_CATEGORIES)).toBe('tires');
    expect(guessCategory({ item_id: 'body', label: 'Body damage: New damage' }, DEFAULT_SERVICE_CATEGORIES)).toBe('body_damage');
    expect(guessCategory({ item_id: 'first_aid', label: 'First aid kit' }, DEFAULT_SERVICE_CATEGORIES)).toBe('other');
    expect(guessCategory({ item_id: 'tires', label: 'Tires' }, [{ key: 'mechanical' }])).toBeUndefined();
  });

  it('describes the failure with the label and the officer’s note', () => {
    expect(describeFailure({ label: 'Siren and PA', note: 'No sound on wail' })).toBe('Siren and PA: No sound on wail');
    expect(describeFailure({ label: 'Siren and PA', note: null })).toBe('Siren and PA: failed the squad check');
  });

  it('carries the vehicle, the check and the item, and reads them back', () => {
    const prefill = prefillFromFailedItem(
      { id: CHECK, vehicle_id: CAR },
      { item_id: 'siren', label: 'Siren and PA', critical: true, note: 'No sound' },
      DEFAULT_SERVICE_CATEGORIES,
    );
    expect(prefill).toEqual({
      vehicle_id: CAR,
      category: 'emergency_equipment',
      description: 'Siren and PA: No sound',
      squad_check_id: CHECK,
      squad_check_item_id: 'siren',
    });
    expect(readPrefill(prefill)).toEqual(prefill);
  });

  it('drops malformed parameters', () => {
    expect(
      readPrefill({ vehicle_id: 'car 1', category: 'Not A Key', drivable: 'maybe', squad_check_item_id: 'siren', description: '  ' }),
    ).toEqual({});
    expect(readPrefill({ drivable: 'no', squad_check_id: CHECK, squad_check_item_id: 'siren' })).toEqual({
      drivable: 'no',
      squad_check_id: CHECK,
      squad_check_item_id: 'siren',
    });
  });
});
