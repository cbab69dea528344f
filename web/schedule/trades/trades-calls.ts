import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scheduleApi } from '../../../core/contracts/schedule.ts';
import {
  tradesApi,
  type DecideTradeInput,
  type ListTradesQuery,
  type TradeInput,
  type TradeOptionsQuery,
} from '../../../core/contracts/schedule-trades.ts';
import { REALTIME_TOPICS } from '../../../core/contracts/realtime.ts';
import { apiKey, callEndpoint, queryKey } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox/outbox.ts';
import { useLiveInvalidation, useRealtimeStatus } from '../../lib/realtime.ts';

/**
 * The trades screen's calls (core/contracts/schedule-trades.ts). What an officer does from the car (a
 * proposal, the colleague's one-click answer) goes through the offline outbox: sent at once online,
 * kept on the device and sent once when the connection is back otherwise. A change refreshes the
 * trades, and the roster and home the scheduling module shows.
 */

/**
 * A colleague answers or a supervisor decides from their own device: the lists read again on each
 * `schedule.trades` message of realtime/v1 (useTradesLive), and every 30 s while the stream is not open.
 */
const POLL_MS = 30_000;

export function useTradesLive(): void {
  useLiveInvalidation(REALTIME_TOPICS.scheduleTrades, apiKey(tradesApi));
}

export function useTrades(query: ListTradesQuery, enabled = true) {
  const live = useRealtimeStatus() === 'live';
  return useQuery({
    queryKey: queryKey(tradesApi.list, query),
    queryFn: ({ signal }) => callEndpoint(tradesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : POLL_MS,
    enabled,
  });
}

export function useTradeOptions(query: TradeOptionsQuery) {
  return useQuery({
    queryKey: queryKey(tradesApi.options, query),
    queryFn: ({ signal }) => callEndpoint(tradesApi.options, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Why the trade would not be allowed, asked as the form changes (null: the form does not name a whole trade yet). */
export function useTradeCheck(input: TradeInput | null) {
  return useQuery({
    queryKey: queryKey(tradesApi.check, input),
    queryFn: ({ signal }) => callEndpoint(tradesApi.check, { body: input!, signal }),
    enabled: input !== null,
    retry: false,
  });
}

function useTradesChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: apiKey(tradesApi) }), client.invalidateQueries({ queryKey: apiKey(scheduleApi) })]);
}

export function useProposeTrade() {
  const changed = useTradesChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ input, key, summary, replaces }: { input: TradeInput; key: string; summary: string; replaces?: string }) =>
      sendOrQueue(tradesApi.propose, { body: input, idempotencyKey: key }, summary, {
        formPath: '/schedule/trades',
        ...(replaces ? { replaces } : {}),
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await changed();
    },
  });
}

/** The colleague's accept or decline, in one click, through the outbox. */
export function useAnswerTrade() {
  const changed = useTradesChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({
      id,
      answer,
      note,
      key,
      summary,
    }: {
      id: string;
      answer: 'accept' | 'decline';
      note: string;
      key: string;
      summary: string;
    }) =>
      sendOrQueue(tradesApi.answer, { params: { id }, body: { answer, note }, idempotencyKey: key }, summary, {
        formPath: '/schedule/trades',
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await changed();
    },
  });
}

export function useCancelTrade() {
  const changed = useTradesChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => callEndpoint(tradesApi.cancel, { params: { id }, version }),
    onSuccess: changed,
  });
}

export function useDecideTrade() {
  const changed = useTradesChanged();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: DecideTradeInput; version: number }) =>
      callEndpoint(tradesApi.decide, { params: { id }, body: input, version }),
    onSuccess: changed,
  });
}
