import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REALTIME_TOPICS } from '../../../core/contracts/realtime.ts';
import { scheduleApi } from '../../../core/contracts/schedule.ts';
import {
  allcallApi,
  type AllcallAudienceInput,
  type AllcallInput,
  type CancelAllcallInput,
  type RespondAllcallInput,
} from '../../../core/contracts/schedule-allcall.ts';
import { apiKey, callEndpoint, queryKey } from '../../lib/api.ts';
import { sendOrQueueLater } from '../../lib/outbox/send-later.ts';
import { useLiveUpdates } from '../../lib/realtime.ts';

/**
 * The all-call's calls (core/contracts/schedule-allcall.ts). Whatever shows a call reads it again when
 * the live stream (realtime/v1, `schedule.allcall`) says one was sent, answered, filled or cancelled:
 * the board and every asked officer's panel see it filled at once.
 */

/** Reads every all-call answer again (and home's count) on a `schedule.allcall` message, or after missing some. */
function useAllcallsLive() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: apiKey(allcallApi) });
    void client.invalidateQueries({ queryKey: scheduleApi.home.key });
  };
  useLiveUpdates(REALTIME_TOPICS.scheduleAllcall, refresh, refresh);
}

/** The calls sent to me whose shift is still to come or under way (the panel on /schedule). */
export function useMyAllcalls() {
  useAllcallsLive();
  return useQuery({
    queryKey: queryKey(allcallApi.myAllcalls),
    queryFn: ({ signal }) => callEndpoint(allcallApi.myAllcalls, { signal }),
  });
}

export function useAllcalls(page: number) {
  useAllcallsLive();
  return useQuery({
    queryKey: queryKey(allcallApi.listAllcalls, { page }),
    queryFn: ({ signal }) => callEndpoint(allcallApi.listAllcalls, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllcall(id: string | null) {
  return useQuery({
    queryKey: queryKey(allcallApi.getAllcall, id),
    queryFn: ({ signal }) => callEndpoint(allcallApi.getAllcall, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Who a filter would reach, before sending. */
export function allcallAudience(input: AllcallAudienceInput, signal?: AbortSignal) {
  return callEndpoint(allcallApi.audience, { body: input, ...(signal ? { signal } : {}) });
}

export function useSendAllcall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AllcallInput) => callEndpoint(allcallApi.createAllcall, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(allcallApi) }),
  });
}

export function useCancelAllcall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: { id: string; version: number; input: CancelAllcallInput }) =>
      callEndpoint(allcallApi.cancelAllcall, { params: { id }, version, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(allcallApi) }),
  });
}

/**
 * An officer's answer, in one click, through the offline outbox: sent at once online, kept on the device
 * and sent when the connection is back otherwise (the server replays it by its key, and says then
 * whether it was in time).
 */
export function useRespondAllcall() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, input, key, summary }: { id: string; input: RespondAllcallInput; key: string; summary: string }) =>
      sendOrQueueLater(allcallApi.respondAllcall, { params: { id }, body: input, idempotencyKey: key }, summary, {
        formPath: '/schedule',
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'sent') return;
      await Promise.all([
        client.invalidateQueries({ queryKey: apiKey(allcallApi) }),
        client.invalidateQueries({ queryKey: scheduleApi.home.key }),
        client.invalidateQueries({ queryKey: scheduleApi.roster.key }),
      ]);
    },
  });
}
