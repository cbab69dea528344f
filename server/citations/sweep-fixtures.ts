import { citationsApi, type StopContent } from '../../core/contracts/citations.ts';
import type { EndpointCaller } from '../platform/modules.ts';

/**
 * Records of agency B for the tenant sweep (server/platform/sweeps.test.ts), made through the API as
 * its administrator: a statute, a court, a stop with an issued citation and another stop with a draft.
 */
export async function sweepFixtures(call: EndpointCaller): Promise<string[]> {
  const statute = await call(citationsApi.createStatute, {
    body: {
      code: '346.46(1)',
      description: 'Failure to stop at a stop sign',
      kinds: ['traffic', 'warning'],
      fine_cents: 17_530,
      points: 4,
      moving: true,
      speeding: false,
      effective_from: '2020-01-01',
      effective_to: null,
    },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  await call(citationsApi.updateSettings, {
    body: {
      courts: [
        {
          key: 'municipal',
          name: 'Sweep Municipal Court',
          address: '',
          phone: '',
          session_days: [2, 4],
          session_time: '08:30',
          min_days: 14,
          kinds: ['traffic', 'parking', 'ordinance'],
        },
      ],
    },
  });
  const content = (citationId: string): StopContent => ({
    occurred_at: '2026-03-10T14:20',
    location: 'Main St and 1st Ave',
    latitude: null,
    longitude: null,
    person: {
      first_name: 'Pat',
      middle_name: '',
      last_name: 'Sweep',
      date_of_birth: '1990-05-01',
      address: '1 Test Rd',
      city: 'Riverside',
      state: 'WI',
      zip: '53000',
      licence_number: '',
      licence_state: '',
      phone: '',
    },
    vehicle: { plate: 'SWP 123', plate_state: 'WI', make: 'Ford', model: 'Focus', year: '2015', color: 'Blue', vin: '' },
    citations: [
      {
        id: citationId,
        kind: 'traffic',
        violations: [{ statute_id: statute.id, speed: null, posted_limit: null }],
        court_key: '',
        appearance_date: '',
        officer_notes: 'Sweep notes',
      },
    ],
  });
  const issuedId = crypto.randomUUID();
  const stop = await call(citationsApi.createStop, {
    body: { id: crypto.randomUUID(), ...content(issuedId) },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  await call(citationsApi.issueStop, { params: { id: stop.id }, body: content(issuedId), headers: { 'if-match': `"${stop.version}"` } });
  const draftId = crypto.randomUUID();
  const draftStop = await call(citationsApi.createStop, {
    body: { id: crypto.randomUUID(), ...content(draftId) },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  return [statute.id, stop.id, issuedId, draftStop.id, draftId];
}
