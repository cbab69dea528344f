import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { VehicleInput } from '../../../core/contracts/fleet.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../../lib/form-errors.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useCreateVehicle } from './create-vehicle.ts';
import { useFleetSettings } from '../fleet-api.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { officerOptions } from './officer-options.ts';
import { wholeNumberKeyboard } from '../../ui/whole-number-keyboard.ts';

type AddValues = {
  unit_number: string;
  vehicle_type: string;
  make: string;
  model: string;
  year: number | string;
  vin: string;
  plate: string;
  plate_state: string;
  odometer: number | string;
  assigned_user_id: string | null;
  assigned_group: string;
  notes: string;
};

const EMPTY: AddValues = {
  unit_number: '',
  vehicle_type: '',
  make: '',
  model: '',
  // Blank until typed: a current year or a 0 odometer put there by the form reads as if someone checked it.
  year: '',
  vin: '',
  plate: '',
  plate_state: '',
  odometer: '',
  assigned_user_id: null,
  assigned_group: '',
  notes: '',
};

/** What the form holds, as the API's body (numbers as numbers; blanks as absent). */
export function vehicleInputOf(values: AddValues) {
  return {
    unit_number: values.unit_number,
    vehicle_type: values.vehicle_type,
    make: values.make,
    model: values.model,
    year: typeof values.year === 'number' ? values.year : Number.NaN,
    vin: values.vin,
    plate: values.plate,
    plate_state: values.plate_state,
    odometer: typeof values.odometer === 'number' ? values.odometer : Number.NaN,
    assigned_user_id: values.assigned_user_id,
    assigned_group: values.assigned_group,
    notes: values.notes,
  };
}

/**
 * Add a vehicle: on submit every field is checked as the server checks it (the contract's schema, so
 * the VIN check-digit message shows before the server answers), all at once; the server's field errors
 * land beside their inputs.
 */
export function AddVehicleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useFleetSettings();
  const create = useCreateVehicle();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // One key per attempt to add this vehicle: a retried submit is not created twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm<AddValues>({ initialValues: EMPTY, validate: (values) => schemaProblems(VehicleInput, vehicleInputOf(values)) });

  const close = () => {
    form.reset();
    setFormError(null);
    setKey(crypto.randomUUID());
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const vehicle = await create.mutateAsync({ input: vehicleInputOf(values), key });
      notifications.show({ color: 'green', title: 'Vehicle added', message: `Unit ${vehicle.unit_number} is in the fleet.` });
      close();
      await navigate({ to: '/fleet/admin/vehicle/$vehicle_id', params: { vehicle_id: vehicle.id } });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  }, focusFirstProblem(form));

  return (
    <Modal opened={opened} onClose={close} title="Add a vehicle" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Unit number" required data-autofocus {...form.getInputProps('unit_number')} />
            <Select
              label="Type"
              required
              data={(settings.data?.vehicle_types ?? []).map((type) => ({ value: type.key, label: type.label }))}
              {...form.getInputProps('vehicle_type')}
              onChange={(value) => form.setFieldValue('vehicle_type', value ?? '')}
            />
            <TextInput label="Make" required {...form.getInputProps('make')} />
            <TextInput label="Model" required {...form.getInputProps('model')} />
            <NumberInput
              label="Year"
              required
              min={1950}
              max={2100}
              allowDecimal={false}
              ref={wholeNumberKeyboard}
              {...form.getInputProps('year')}
            />
            <NumberInput
              label="Odometer (miles)"
              required
              min={0}
              allowDecimal={false}
              ref={wholeNumberKeyboard}
              thousandSeparator=","
              {...form.getInputProps('odometer')}
            />
            <TextInput
              label="VIN"
              description="17 characters; optional"
              maxLength={17}
              autoCapitalize="characters"
              {...form.getInputProps('vin')}
            />
            <TextInput label="Plate" {...form.getInputProps('plate')} />
            <TextInput label="Plate state" description="Two letters, e.g. TX" maxLength={2} {...form.getInputProps('plate_state')} />
            <PersonPicker
              search={officerOptions}
              label="Assigned officer"
              placeholder="Nobody: type a name"
              value={form.values.assigned_user_id}
              onChange={(userId) => form.setFieldValue('assigned_user_id', userId)}
              error={typeof form.errors.assigned_user_id === 'string' ? form.errors.assigned_user_id : null}
            />
            <TextInput label="Assigned group" {...form.getInputProps('assigned_group')} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add vehicle
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
