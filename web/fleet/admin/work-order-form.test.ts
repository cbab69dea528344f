import { describe, expect, it } from 'vitest';
import { emptyLine, previewTotals, workOrderInput, workOrderProblems, type WorkOrderValues } from './work-order-form.ts';

const values = (
  lines: Array<Partial<ReturnType<typeof emptyLine>> & { kind: 'part' | 'labour' }>,
  extra: Partial<WorkOrderValues> = {},
) => ({
  vendor_id: '00000000-0000-4000-8000-000000000001',
  lines: lines.map((line) => ({ ...emptyLine(line.kind), ...line })),
  tax_rate: '8.25',
  tax_labour: false,
  notes: '',
  attachment_ids: [],
  ...extra,
});

describe('the work-order form', () => {
  it('turns typed dollars into cents and hours into numbers for the API', () => {
    const input = workOrderInput(
      values([
        { kind: 'part', description: 'Tire', quantity: '2', unit_cost: '$184.50' },
        { kind: 'labour', description: 'Mount', quantity: '1.5', unit_cost: '95' },
      ]),
    );
    expect(input.lines).toEqual([
      { kind: 'part', description: 'Tire', part_number: '', quantity: 2, unit_cost_cents: 18_450 },
      { kind: 'labour', description: 'Mount', part_number: '', quantity: 1.5, unit_cost_cents: 9_500 },
    ]);
    expect(input.tax_rate).toBe(8.25);
  });

  it('names every bad field at once, each under the field the office typed it in', () => {
    const problems = workOrderProblems(
      values(
        [
          { kind: 'part', description: '', quantity: '1', unit_cost: '10' },
          { kind: 'labour', description: 'Diagnosis', quantity: '-1', unit_cost: '95' },
          { kind: 'part', description: 'Pads', quantity: '1', unit_cost: '12.50abc' },
        ],
        { tax_rate: '' },
      ),
    );
    expect(problems).toEqual({
      'lines.0.description': 'Describe the part or the work',
      'lines.1.quantity': 'Enter a number above 0',
      'lines.2.unit_cost': 'Enter the cost in dollars, e.g. 12.50',
      tax_rate: 'Enter the tax rate in per cent, e.g. 8.25',
    });
  });

  it('shows the totals of the lines typed so far, leaving out what is not a number yet', () => {
    const totals = previewTotals(
      values([
        { kind: 'part', description: 'Tire', quantity: '2', unit_cost: '184.50' },
        { kind: 'labour', description: 'Mount', quantity: '1.5', unit_cost: '95' },
        { kind: 'part', description: 'Stem', quantity: '2', unit_cost: 'four' },
      ]),
    );
    expect(totals).toEqual({ parts_cents: 36_900, labour_cents: 14_250, subtotal_cents: 51_150, tax_cents: 3_044, total_cents: 54_194 });
  });
});
