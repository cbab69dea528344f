import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  scheduleApi,
  type AssignmentInput,
  type CheckShiftInput,
  type CreateShiftInput,
  type DayNoteInput,
  type DecideTimeOffInput,
  type GenerateShiftsInput,
  type GroupInput,
  type HistoryQuery,
  type ListTimeOffQuery,
  type RosterQuery,
  type ScheduleInput,
  type ShiftTypeInput,
  type StaffingMinimumsInput,
  type TimeOffInput,
  type TimeOffTypeInput,
  type UpdateScheduleSettingsInput,
  type UpdateShiftInput,
} from '../../core/contracts/schedule.ts';
import { REALTIME_TOPICS } from '../../core/contracts/realtime.ts';
import { apiKey, callEndpoint, invalidateEndpoints, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';
import { sendOrQueueLater } from '../lib/outbox/send-later.ts';
import { useLiveUpdates } from '../lib/realtime.ts';

/**
 * The scheduling module's calls (core/contracts/schedule.ts): queries keyed by the table, mutations
 * that refresh what they change. What an officer reads on the road (the set-up, their own roster,
 * their time off and home) is kept on the device; the scheduler's screens are not.
 */

// ---------------------------------------------------------------- reading

export function useScheduleHome() {
  return useQuery({
    queryKey: queryKey(scheduleApi.home),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.home, { signal }),
    ...offlineReadable(),
  });
}

/** Shift types, schedules, groups, the people on them, positions, minimums and the rules. */
export function useScheduleSetup() {
  return useQuery({
    queryKey: queryKey(scheduleApi.setup),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.setup, { signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}

/**
 * The roster of the dates in `query`, read again when the live stream (realtime/v1) says a shift,
 * time off or a day note in those dates changed: two schedulers, or a scheduler and the briefing room's
 * screen, see each other's changes without reloading.
 */
export function useRoster(query: RosterQuery, enabled = true) {
  const client = useQueryClient();
  useLiveUpdates(
    REALTIME_TOPICS.scheduleRoster,
    (changed) =>
      void client.invalidateQueries({
        queryKey: scheduleApi.roster.key,
        predicate: ({ queryKey: key }) => {
          const shown = key[2] as RosterQuery | undefined;
          return !shown || (shown.from <= changed.to && shown.to >= changed.from);
        },
      }),
    () => void client.invalidateQueries({ queryKey: scheduleApi.roster.key }),
  );
  return useQuery({
    queryKey: queryKey(scheduleApi.roster, query),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.roster, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // My own shifts open without a connection; the whole roster is the office's.
    ...(query.mine === 'true' ? offlineReadable() : {}),
  });
}

export function useShiftHistory(id: string | null) {
  return useQuery({
    queryKey: queryKey(scheduleApi.shiftHistory, id),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.shiftHistory, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useScheduleHistory(query: z.input<typeof HistoryQuery>) {
  return useQuery({
    queryKey: queryKey(scheduleApi.history, query),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.history, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTimeOffTypes() {
  return useQuery({
    queryKey: queryKey(scheduleApi.timeOffTypes),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.timeOffTypes, { signal }),
    staleTime: 5 * 60_000,
    ...offlineReadable(),
  });
}

export function useBalances(userId?: string) {
  return useQuery({
    queryKey: queryKey(scheduleApi.balances, userId),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.balances, { query: userId ? { user_id: userId } : {}, signal }),
    ...offlineReadable(),
  });
}

export function useTimeOffRequests(query: ListTimeOffQuery) {
  return useQuery({
    queryKey: queryKey(scheduleApi.listTimeOff, query),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.listTimeOff, { query, signal }),
    placeholderData: keepPreviousData,
    ...(query.scope === 'all' ? {} : offlineReadable()),
  });
}

/**
 * Whether I have a feed, and when it was made. The server keeps only its secret's hash, so the address
 * itself is known only in the answer that made it: that answer stays in the cache (never refetched
 * while it is there) for the screen to keep showing it.
 */
export function useCalendarFeed() {
  return useQuery({
    queryKey: queryKey(scheduleApi.getFeed),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.getFeed, { signal }),
    staleTime: Infinity,
  });
}

// ---------------------------------------------------------------- the scheduler's changes

/** Every answer of the module: a shift change moves the roster, coverage, home and history at once. */
function useScheduleChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKey(scheduleApi) });
}

export function checkShift(input: CheckShiftInput) {
  return callEndpoint(scheduleApi.checkShift, { body: input });
}

export function useCreateShift() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateShiftInput; key: string }) =>
      callEndpoint(scheduleApi.createShift, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

export function useUpdateShift() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: UpdateShiftInput; version: number }) =>
      callEndpoint(scheduleApi.updateShift, { params: { id }, body: input, version }),
    onSuccess: changed,
  });
}

export function useRemoveShift() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ id, reason, version }: { id: string; reason: string; version: number }) =>
      callEndpoint(scheduleApi.removeShift, { params: { id }, body: { reason }, version }),
    onSuccess: changed,
  });
}

export function useGenerateShifts() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ groupId, input }: { groupId: string; input: GenerateShiftsInput }) =>
      callEndpoint(scheduleApi.generateShifts, { params: { id: groupId }, body: input }),
    onSuccess: changed,
  });
}

export function useSaveDayNote() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ date, input }: { date: string; input: DayNoteInput }) =>
      callEndpoint(scheduleApi.saveDayNote, { params: { date }, body: input }),
    onSuccess: changed,
  });
}

export async function downloadHoursCsv(from: string, to: string): Promise<void> {
  const csv = await callEndpoint(scheduleApi.exportHours, { query: { from, to } });
  downloadText(`hours-${from}-to-${to}.csv`, csv);
}

// ---------------------------------------------------------------- time off

export function previewTimeOff(input: TimeOffInput) {
  return callEndpoint(scheduleApi.previewTimeOff, { body: input });
}

/**
 * An officer's request goes through the outbox: sent at once online, kept on the device and sent when
 * the connection is back otherwise (the staffing preview needs the server, the request does not).
 */
export function useRequestTimeOff() {
  const changed = useScheduleChanged();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ input, key, summary, replaces }: { input: TimeOffInput; key: string; summary: string; replaces?: string }) =>
      sendOrQueueLater(scheduleApi.requestTimeOff, { body: input, idempotencyKey: key }, summary, {
        formPath: '/schedule?tab=time_off',
        ...(replaces ? { replaces } : {}),
      }),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'sent') await changed();
    },
  });
}

export function useCancelTimeOff() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => callEndpoint(scheduleApi.cancelTimeOff, { params: { id }, version }),
    onSuccess: changed,
  });
}

export function useDecideTimeOff() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: DecideTimeOffInput; version: number }) =>
      callEndpoint(scheduleApi.decideTimeOff, { params: { id }, body: input, version }),
    onSuccess: changed,
  });
}

export function useRunAccrual() {
  const changed = useScheduleChanged();
  return useMutation({
    mutationFn: (month: string) => callEndpoint(scheduleApi.runAccrual, { body: { month } }),
    onSuccess: changed,
  });
}

// ---------------------------------------------------------------- the calendar feed

export function useMakeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(scheduleApi.makeFeed),
    onSuccess: (feed) => queryClient.setQueryData(queryKey(scheduleApi.getFeed), feed),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(scheduleApi.revokeFeed),
    onSuccess: () => invalidateEndpoints(queryClient, scheduleApi.getFeed),
  });
}

// ---------------------------------------------------------------- set-up

export function useScheduleSettings() {
  return useQuery({
    queryKey: queryKey(scheduleApi.getSettings),
    queryFn: ({ signal }) => callEndpoint(scheduleApi.getSettings, { signal }),
  });
}

export function useUpdateScheduleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateScheduleSettingsInput) => callEndpoint(scheduleApi.updateSettings, { body: input }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKey(scheduleApi.getSettings), settings);
      await invalidateEndpoints(queryClient, scheduleApi.setup);
    },
  });
}

/** A set-up record saved: the set-up every screen picks from, and the roster its names and colours show in. */
function useSetupChanged() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, scheduleApi.setup, scheduleApi.roster, scheduleApi.timeOffTypes, scheduleApi.balances);
}

type Save<TInput> = { id: string | null; input: TInput; version: number; key: string };

export function useSaveShiftType() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, input, version, key }: Save<ShiftTypeInput>) =>
      id
        ? callEndpoint(scheduleApi.updateShiftType, { params: { id }, body: input, version })
        : callEndpoint(scheduleApi.createShiftType, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

export function useSaveSchedule() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, input, version, key }: Save<ScheduleInput>) =>
      id
        ? callEndpoint(scheduleApi.updateSchedule, { params: { id }, body: input, version })
        : callEndpoint(scheduleApi.createSchedule, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

export function useSaveGroup() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, input, version, key }: Save<GroupInput>) =>
      id
        ? callEndpoint(scheduleApi.updateGroup, { params: { id }, body: input, version })
        : callEndpoint(scheduleApi.createGroup, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

export function useSaveAssignment() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, input, version, key }: Save<AssignmentInput>) =>
      id
        ? callEndpoint(scheduleApi.updateAssignment, { params: { id }, body: input, version })
        : callEndpoint(scheduleApi.createAssignment, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}

export function useRemoveAssignment() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      callEndpoint(scheduleApi.removeAssignment, { params: { id }, version }),
    onSuccess: changed,
  });
}

export function useSaveMinimums() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: (input: StaffingMinimumsInput) => callEndpoint(scheduleApi.saveMinimums, { body: input }),
    onSuccess: changed,
  });
}

export function useSaveTimeOffType() {
  const changed = useSetupChanged();
  return useMutation({
    mutationFn: ({ id, input, version, key }: Save<TimeOffTypeInput>) =>
      id
        ? callEndpoint(scheduleApi.updateTimeOffType, { params: { id }, body: input, version })
        : callEndpoint(scheduleApi.createTimeOffType, { body: input, idempotencyKey: key }),
    onSuccess: changed,
  });
}
