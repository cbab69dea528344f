import { Suspense } from 'react';
import { moduleAccessForUser } from '../../core/modules.ts';
import { useProfile } from './session/get-profile.ts';
import { useAuthState } from './session/session.ts';
import { useWebModules, type RecordTasksProps } from './web-modules.tsx';

/**
 * Beside a record of one module, what another module offers about it (productivity: the tasks linked
 * to it and "Make a task"), read from the modules' manifests so that no module imports another. Only
 * the modules the person may open (switched on for the agency, and their permission) show anything;
 * each loads on demand and decides the rest itself (productivity: a member of a space).
 */
export function RecordTasks(props: RecordTasksProps) {
  const modules = useWebModules();
  const { claims } = useAuthState();
  const profile = useProfile();
  if (!profile.data) return null;
  const access = moduleAccessForUser(claims, profile.data.agency_info.sys_config);
  return modules.flatMap(({ key, RecordTasks: Section }) =>
    Section && key !== 'admin' && access[key]
      ? [
          <Suspense key={key} fallback={null}>
            <Section {...props} />
          </Suspense>,
        ]
      : [],
  );
}
