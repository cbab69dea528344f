import type { TemplateInput } from '../../core/contracts/fleet.ts';
import { ODOMETER_MAX } from '../../core/fleet/odometer.ts';

/** The squad check every new agency starts with (MODULES.md: the police defaults), editable like any template. */
export const POLICE_DEFAULT_TEMPLATE: TemplateInput = {
  name: 'Patrol vehicle squad check',
  description: 'Start-of-shift inspection of a marked patrol vehicle.',
  vehicle_types: [],
  sections: [
    {
      id: 'readings',
      title: 'Readings',
      items: [
        { id: 'odometer', label: 'Odometer', kind: 'number', unit: 'mi', min: 0, max: ODOMETER_MAX, is_odometer: true, required: true },
        {
          id: 'fuel',
          label: 'Fuel level',
          kind: 'number',
          unit: '%',
          min: 25,
          max: 100,
          required: true,
          help: 'Below a quarter tank counts as a failure: refuel before patrol.',
        },
      ],
    },
    {
      id: 'emergency',
      title: 'Emergency equipment',
      items: [
        { id: 'lightbar', label: 'Light bar and emergency lights', kind: 'pass_fail', critical: true, required: true },
        { id: 'siren', label: 'Siren and PA', kind: 'pass_fail', critical: true, required: true },
        { id: 'radio', label: 'Radio (car and portable)', kind: 'pass_fail', critical: true, required: true },
        { id: 'camera', label: 'In-car camera records and uploads', kind: 'pass_fail', required: true },
      ],
    },
    {
      id: 'prisoner',
      title: 'Prisoner area',
      items: [
        { id: 'cage', label: 'Cage and partition secure', kind: 'pass_fail', critical: true, required: true },
        {
          id: 'rear_search',
          label: 'Rear seat searched for weapons and contraband',
          kind: 'choice',
          options: ['Nothing found', 'Item found and booked'],
          failing_options: ['Item found and booked'],
          required: true,
          help: 'If anything was found, note what and the property number.',
        },
      ],
    },
    {
      id: 'safety',
      title: 'Safety equipment',
      items: [
        { id: 'weapons_rack', label: 'Weapons rack locks', kind: 'pass_fail', required: true },
        { id: 'first_aid', label: 'First aid kit and AED present and in date', kind: 'pass_fail', required: true },
        { id: 'extinguisher', label: 'Fire extinguisher charged', kind: 'pass_fail', required: true },
      ],
    },
    {
      id: 'exterior',
      title: 'Tires and body',
      items: [
        { id: 'tires', label: 'Tires: tread and pressure', kind: 'pass_fail', critical: true, required: true },
        {
          id: 'body',
          label: 'Body damage',
          kind: 'choice',
          options: ['No new damage', 'New damage'],
          failing_options: ['New damage'],
          required: true,
          help: 'Describe where and what; attach a photo.',
        },
        { id: 'damage_photo', label: 'Photo of any existing damage', kind: 'photo', required: false },
        { id: 'remarks', label: 'Other remarks', kind: 'text', required: false },
      ],
    },
  ],
};
