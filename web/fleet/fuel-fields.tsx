import { Checkbox, Input, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { FUEL_UNIT_LABELS, FUEL_UNITS, type FuelUnit } from '../../core/fleet/fuel-economy.ts';

/**
 * The fields of a fill-up, typed as text (numbers and dollars), shared by the officer's form and the
 * office's correction: when, how much, what it cost, the odometer, and whether the tank was filled up.
 */
export type FuelValues = {
  filled_at: string;
  quantity: string;
  total: string;
  odometer: string;
  full_tank: boolean;
  vendor_id: string | null;
  /** The unit the quantity is typed in; null until chosen (the form then shows and sends the agency's). */
  unit: FuelUnit | null;
};

/** An instant (now by default) as a local date-time for the input (the browser's zone: the input has none of its own). */
export function localDateTime(iso?: string): string {
  const date = iso ? new Date(iso) : new Date();
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * What the fields hold as the API's body: typed numbers as numbers (a blank is not a number), dollars as
 * cents, and the unit the quantity was typed in (`unit`, the one the form shows, when none was chosen).
 */
export function fuelBody(values: FuelValues, unit: FuelUnit) {
  const number = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/[$,\s]/g, '')));
  return {
    filled_at: values.filled_at ? new Date(values.filled_at).toISOString() : '',
    quantity: number(values.quantity),
    total_cents: Math.round(number(values.total) * 100),
    odometer: number(values.odometer),
    full_tank: values.full_tank,
    vendor_id: values.vendor_id,
    unit: values.unit ?? unit,
  };
}

/** The body's field a problem of each value is told under (the total is `total_cents`). */
export const problemKey = (key: keyof FuelValues) => (key === 'total' ? 'total_cents' : key);

export function FuelFields(props: {
  values: FuelValues;
  set: <K extends keyof FuelValues>(key: K, value: FuelValues[K]) => void;
  problems: Record<string, string>;
  /** The unit shown and sent when the officer has not switched it (the agency's). */
  unit: FuelUnit;
  size?: 'sm' | 'md';
}) {
  const { values, set, problems, size } = props;
  const chosen = values.unit ?? props.unit;
  const unit = FUEL_UNIT_LABELS[chosen];
  return (
    <>
      <TextInput
        type="datetime-local"
        label="When"
        size={size}
        value={values.filled_at}
        onChange={(event) => set('filled_at', event.currentTarget.value)}
        error={problems.filled_at}
      />
      <Input.Wrapper label="Fuel bought in" size={size} error={problems.unit} labelElement="div" labelProps={{ id: 'fuel-unit-label' }}>
        <SegmentedControl
          aria-labelledby="fuel-unit-label"
          fullWidth
          size={size}
          value={chosen}
          onChange={(value) => set('unit', value as FuelUnit)}
          data={FUEL_UNITS.map((option) => ({ value: option, label: FUEL_UNIT_LABELS[option].quantity }))}
        />
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={`Quantity (${unit.quantity})`}
          inputMode="decimal"
          size={size}
          withAsterisk
          value={values.quantity}
          onChange={(event) => set('quantity', event.currentTarget.value)}
          error={problems.quantity}
        />
        <TextInput
          label="Total cost (dollars)"
          inputMode="decimal"
          size={size}
          withAsterisk
          value={values.total}
          onChange={(event) => set('total', event.currentTarget.value)}
          error={problems.total_cents}
        />
      </SimpleGrid>
      <TextInput
        label="Odometer (miles)"
        inputMode="numeric"
        size={size}
        withAsterisk
        value={values.odometer}
        onChange={(event) => set('odometer', event.currentTarget.value)}
        error={problems.odometer}
      />
      <Checkbox
        label="Filled to the brim"
        size={size}
        checked={values.full_tank}
        onChange={(event) => set('full_tank', event.currentTarget.checked)}
      />
    </>
  );
}
