import { describe, expect, it } from 'vitest';
import { convertQuantity, economyOf, fuelEconomy, type Fill } from './fuel-economy.ts';

const fill = (id: string, day: number, odometer: number, quantity: number, full_tank = true): Fill => ({
  id,
  filled_at_ms: Date.UTC(2026, 9, day),
  odometer,
  quantity,
  full_tank,
});

describe('fuel economy', () => {
  it('works out distance per unit between full fills, a partial fill counting toward the next full one', () => {
    const economy = fuelEconomy(
      [fill('a', 1, 1000, 10), fill('b', 4, 1300, 15), fill('c', 6, 1450, 7, false), fill('d', 7, 1600, 8)],
      'gallon',
    );
    expect(economy.get('a')).toEqual({ economy: null, outlier: null });
    expect(economy.get('b')?.economy).toBe(20);
    expect(economy.get('c')?.economy).toBeNull();
    expect(economy.get('d')?.economy).toBe(20);
  });

  it('flags a fill below 60 % or above 160 % of the vehicle’s median, and one whose odometer goes back', () => {
    const economy = fuelEconomy(
      [
        fill('a', 1, 1000, 10),
        fill('b', 4, 1300, 15),
        fill('c', 7, 1600, 15),
        fill('d', 9, 1700, 15),
        fill('e', 11, 2200, 10),
        fill('f', 12, 2150, 5),
      ],
      'gallon',
    );
    expect(economy.get('d')?.outlier).toBe("6.7 mpg is 34 % of this vehicle's median 20 mpg");
    expect(economy.get('e')?.outlier).toBe("50 mpg is 250 % of this vehicle's median 20 mpg");
    expect(economy.get('f')?.outlier).toBe('The odometer (2,150) is below the fill before (2,200)');
    expect(economy.get('b')?.outlier).toBeNull();
  });

  it('keeps the baseline past a fill whose odometer goes back, its fuel counting toward the next full fill', () => {
    const economy = fuelEconomy(
      [fill('a', 1, 1000, 10), fill('b', 4, 1300, 15), fill('c', 6, 130, 5), fill('d', 8, 1600, 10), fill('e', 10, 1900, 15)],
      'gallon',
    );
    expect(economy.get('c')).toEqual({ economy: null, outlier: 'The odometer (130) is below the fill before (1,300)' });
    // 300 miles since b on the 5 + 10 gallons bought since: 20 mpg, and not flagged.
    expect(economy.get('d')).toEqual({ economy: 20, outlier: null });
    expect(economy.get('e')).toEqual({ economy: 20, outlier: null });
  });

  it('gives km per litre for litres, and converts quantities between the units', () => {
    expect(economyOf(250, 50, 'litre')).toBeCloseTo(8.05, 2);
    expect(convertQuantity(10, 'gallon', 'litre')).toBeCloseTo(37.854, 3);
    expect(convertQuantity(37.854_117_84, 'litre', 'gallon')).toBeCloseTo(10, 6);
  });
});
