import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productivityApi, type PersonMatch, type UpdateSpaceInput } from '../../core/contracts/productivity.ts';
import { apiKey, callEndpoint } from '../lib/api.ts';
import type { PersonSearch } from '../lib/person-picker.tsx';

/**
 * The calls of a space's settings and of a task's sharing (core/contracts/productivity.ts): finding
 * people for the pickers, changing a space at its version, its members, and who a task is shared with.
 * Each change reloads the whole module's answers (a renamed status shows on every list and board).
 */

/** "Sam Sergeant · Sergeant · #214": what tells two people of the same name apart. */
export function personLabel(person: PersonMatch): string {
  return [person.name, person.rank, person.badge_number ? `#${person.badge_number}` : null].filter(Boolean).join(' · ');
}

/** The people who can open productivity, for the PersonPicker (the chosen one included). */
export const productivityPeople: PersonSearch = {
  key: [...productivityApi.searchPeople.key, 'options'],
  hint: 'Type a name or an e-mail',
  search: async (q, chosen, signal) =>
    (
      await callEndpoint(productivityApi.searchPeople, { query: { ...(q ? { q } : {}), ...(chosen ? { include: chosen } : {}) }, signal })
    ).map((person) => ({ value: person.id, label: personLabel(person) })),
};

/** A mutation that reloads every productivity answer once it succeeds. */
function useChange<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKey(productivityApi) }),
  });
}

export const useUpdateSpace = () =>
  useChange(({ id, body, version }: { id: string; body: UpdateSpaceInput; version: number }) =>
    callEndpoint(productivityApi.updateSpace, { params: { id }, body, version }),
  );

export const useSetMembers = () =>
  useChange(({ id, memberIds, version }: { id: string; memberIds: string[]; version: number }) =>
    callEndpoint(productivityApi.setMembers, { params: { id }, body: { member_ids: memberIds }, version }),
  );

export const useShare = () =>
  useChange(({ taskId, userId }: { taskId: string; userId: string }) =>
    callEndpoint(productivityApi.share, { params: { id: taskId }, body: { user_id: userId } }),
  );

export const useUnshare = () =>
  useChange(({ taskId, userId }: { taskId: string; userId: string }) =>
    callEndpoint(productivityApi.unshare, { params: { id: taskId, user_id: userId } }),
  );
