import { describe, expect, it } from 'vitest';
import { newKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { requestProblems } from './service-request-screen.tsx';

describe('the officer’s service request checks', () => {
  const values = {
    vehicle_id: crypto.randomUUID(),
    category: 'body_damage',
    description: 'The push bumper is bent',
    drivable: 'no' as const,
    photo_ids: [crypto.randomUUID()],
  };

  it('passes a request whose photo is kept on the device until the connection is back', () => {
    expect(requestProblems({ ...values, photo_ids: [newKeptPhotoId(), crypto.randomUUID()] })).toEqual({});
  });

  it('names every missing field at once', () => {
    expect(requestProblems({ vehicle_id: '', category: '', description: 'x', drivable: '', photo_ids: [] })).toEqual({
      vehicle_id: 'Pick the vehicle',
      category: 'Choose a category',
      description: 'Describe the problem (at least 5 characters)',
      drivable: 'Say whether the vehicle can be driven',
    });
  });
});
