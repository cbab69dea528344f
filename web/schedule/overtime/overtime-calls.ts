import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scheduleApi } from '../../../core/contracts/schedule.ts';
import {
  overtimeApi,
  type CreateOvertimeInput,
  type OvertimeListQuery,
  type OvertimeTotalsQuery,
  type UpdateSchedulePersonInput,
} from '../../../core/contracts/schedule-overtime.ts';
import { apiKey, callEndpoint, queryKey } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox/outbox.ts';
import { useLiveInvalidation, useRealtimeStatus } from '../../lib/realtime.ts';
import { REALTIME_TOPICS } from '../../../core/contracts/realtime.ts';

/**
 * The overtime screen's calls (core/contracts/schedule-overtime.ts). Signing up goes through the offline
 * outbox (sent at once online, kept on the device and sent when the connection is back); an offer's
 * answer does not, since its wait may run out meanwhile. A change refreshes overtime, the roster and home.
 */

/**
 * Open shifts and offers change as others sign up or a wait runs out: the screen reads them again on
 * each `schedule.overtime` message of realtime/v1 (useOvertimeLive), and every 30 s while the stream is not open.
 */
const POLL_MS = 30_000;

export function useOvertimeLive(): void {
  useLiveInvalidation(REALTIME_TOPICS.scheduleOvertime, apiKey(overtimeApi));
}

function usePollWhenNotLive(): number | false {
  return useRealtimeStatus() === 'live' ? false : POLL_MS;
}

export function useOvertimeList(query: OvertimeListQuery) {
  const poll = usePollWhenNotLive();
  return useQuery({
    queryKey: queryKey(overtimeApi.list, query),
    queryFn: ({ signal }) => callEndpoint(overtimeApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });
}

export function useOvertimeShift(id: string | null) {
  const poll = usePollWhenNotLive();
  return useQuery({
    queryKey: queryKey(overtimeApi.get, id),
    queryFn: ({ signal }) => callEndpoint(overtimeApi.get, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: poll,
  });
}

export function useStaffingGaps(enabled: boolean) {
  return useQuery({
    queryKey: queryKey(overtimeApi.gaps),
    queryFn: ({ signal }) => callEndpoint(overtimeApi.gaps, { signal }),
    enabled,
  });
}

export function useOvertimeTotals(query: OvertimeTotalsQuery) {
  return useQuery({
    queryKey: queryKey(overtimeApi.totals, query),
    queryFn: ({ signal }) => callEndpoint(overtimeApi.totals, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSchedulePeople(enabled: boolean) {
  return useQuery({
    queryKey: queryKey(overtimeApi.people),
    queryFn: ({ signal }) => callEndpoint(overtimeApi.people, { signal }),
    enabled,
  });
}

function useOvertimeChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: apiKey(overtimeApi) }), client.invalidateQueries({ queryKey: apiKey(scheduleApi) })]);
}

export function usePostOvertime() {
  const changed = useOvertimeChanged();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateOvertimeInput; key: string }) =>
      callEndpoint(overtimeApi.create, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

/** Signing up, through the outbox: from the car it waits on the device until the connection is back. */
export function useSignUp() {
  const changed = useOvertimeChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, key, summary }: { id: string; key: string; summary: string }) =>
      sendOrQueue(overtimeApi.signUp, { params: { id }, body: undefined, idempotencyKey: key }, summary, {
        formPath: '/schedule/overtime',
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await changed();
    },
  });
}

export function useWithdraw() {
  const changed = useOvertimeChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(overtimeApi.withdraw, { params: { id } }),
    onSuccess: changed,
  });
}

export function useAnswerOffer() {
  const changed = useOvertimeChanged();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      callEndpoint(answer === 'accept' ? overtimeApi.acceptOffer : overtimeApi.declineOffer, { params: { id } }),
    onSettled: changed,
  });
}

export function useManageOvertime() {
  const changed = useOvertimeChanged();
  return useMutation({
    mutationFn: ({ id, version, action, note }: { id: string; version: number; action: 'award' | 'offers' | 'cancel'; note?: string }) =>
      action === 'award'
        ? callEndpoint(overtimeApi.award, { params: { id }, version })
        : action === 'offers'
          ? callEndpoint(overtimeApi.startOffers, { params: { id }, version })
          : callEndpoint(overtimeApi.cancel, { params: { id }, version, body: { note: note ?? '' } }),
    onSettled: changed,
  });
}

export function useUpdatePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateSchedulePersonInput }) =>
      callEndpoint(overtimeApi.updatePerson, { params: { id }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(overtimeApi) }),
  });
}
