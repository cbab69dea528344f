import { describe, expect, it } from 'vitest';
import { formatCents, hasAtMostDecimals, lineTotalCents, workOrderLabel, workOrderTotals } from './work-order-totals.ts';

describe('work order totals', () => {
  it('multiplies a line’s quantity by its unit cost to the cent, rounding half a cent up', () => {
    expect(lineTotalCents(4, 1_299)).toBe(5_196);
    expect(lineTotalCents(1.5, 9_500)).toBe(14_250);
    // 0.33 h at $10.05 is $3.3165: rounded once, to $3.32.
    expect(lineTotalCents(0.33, 1_005)).toBe(332);
    expect(lineTotalCents(0.5, 1)).toBe(1);
  });

  it('taxes the parts only unless labour is taxed too, and adds the tax to the total', () => {
    const lines = [
      { kind: 'part' as const, quantity: 2, unit_cost_cents: 8_450 },
      { kind: 'labour' as const, quantity: 1.5, unit_cost_cents: 11_000 },
    ];
    expect(workOrderTotals({ lines, tax_rate: 8.875, tax_labour: false })).toEqual({
      parts_cents: 16_900,
      labour_cents: 16_500,
      subtotal_cents: 33_400,
      tax_cents: 1_500, // 8.875 % of $169.00 is $14.99875
      total_cents: 34_900,
    });
    expect(workOrderTotals({ lines, tax_rate: 8.875, tax_labour: true }).tax_cents).toBe(2_964); // of $334.00: $29.6425
    expect(workOrderTotals({ lines: [], tax_rate: 7, tax_labour: true }).total_cents).toBe(0);
  });

  it('tells whole cents and typed decimals apart from floating-point noise', () => {
    expect(hasAtMostDecimals(1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(1.255, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });

  it('shows money in dollars with separators and a work order by its number', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(workOrderLabel(1042)).toBe('WO-1042');
  });
});
