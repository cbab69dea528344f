import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { pinVehicles } from './vehicle-pins.ts';

const car = (unit: string, extra: Partial<Vehicle> = {}) =>
  ({ id: unit, unit_number: unit, status: 'in_service', assigned_user_id: null, ...extra }) as Vehicle;

const all = [car('P-101'), car('P-202'), car('P-303', { status: 'retired' }), car('P-417', { assigned_user_id: 'me' }), car('P-500')];
const units = (entries: ReturnType<typeof pinVehicles>) => entries.map((entry) => `${entry.vehicle.unit_number}:${entry.pin ?? '-'}`);

describe('the officer’s picker', () => {
  it('puts their assigned car first, then the cars they checked lately, then the rest; never a retired car', () => {
    const mine = [all[3]!, all[4]!, all[0]!, all[2]!];
    expect(units(pinVehicles(all, mine, 'me', false))).toEqual(['P-417:assigned', 'P-500:recent', 'P-101:recent', 'P-202:-']);
  });

  it('keeps only the pinned cars the search found on top', () => {
    const found = [all[0]!, all[1]!];
    expect(units(pinVehicles(found, [all[3]!, all[0]!], 'me', true))).toEqual(['P-101:recent', 'P-202:-']);
  });

  it('shows the search’s order when the officer has no car of their own', () => {
    expect(units(pinVehicles(all, [], 'me', false))).toEqual(['P-101:-', 'P-202:-', 'P-417:-', 'P-500:-']);
  });
});
