/** The cars of the demo and bench fleets (vehicle types of the default settings), handed out in this order, round and round. */
export const SAMPLE_VEHICLE_MODELS: ReadonlyArray<{ make: string; model: string; type: string }> = [
  { make: 'Ford', model: 'Police Interceptor Utility', type: 'suv' },
  { make: 'Chevrolet', model: 'Tahoe PPV', type: 'suv' },
  { make: 'Dodge', model: 'Charger Pursuit', type: 'patrol' },
  { make: 'Dodge', model: 'Durango Pursuit', type: 'suv' },
  { make: 'Ford', model: 'Police Interceptor Utility', type: 'k9' },
  { make: 'Ford', model: 'Explorer', type: 'unmarked' },
  { make: 'Harley-Davidson', model: 'Road King Police', type: 'motorcycle' },
  { make: 'Ford', model: 'Transit 350 prisoner van', type: 'transport' },
];

/** The unit number of the `index`th sample car: 101 on, motorcycles as M107, K9 cars as K9-105. */
export function sampleUnitNumber(type: string, index: number): string {
  return `${type === 'motorcycle' ? 'M' : type === 'k9' ? 'K9-' : ''}${101 + index}`;
}
