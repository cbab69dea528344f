import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ModuleState } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useSetModuleEnabled } from './set-module-enabled.ts';

/**
 * A module's on/off switch. Off takes effect at once on the server (its API answers 403) and for
 * everyone at their next navigation; this admin's navigation follows straight away.
 */
export function ModuleSwitch({ module }: { module: ModuleState }) {
  const setEnabled = useSetModuleEnabled();
  const pending = setEnabled.isPending ? setEnabled.variables : undefined;
  const checked = pending && pending.module === module.key ? pending.enabled : module.enabled;
  return (
    <Switch
      label={`${module.label} is ${checked ? 'on' : 'off'}`}
      aria-label={`${module.label} module`}
      checked={checked}
      disabled={setEnabled.isPending}
      size="md"
      onChange={(event) => {
        const enabled = event.currentTarget.checked;
        setEnabled.mutate(
          { module: module.key, enabled },
          {
            onSuccess: () =>
              notifications.show({
                color: enabled ? 'green' : 'yellow',
                title: `${module.label} is ${enabled ? 'on' : 'off'}`,
                message: enabled ? 'People with the right permissions can open it now.' : 'Nobody can open it now; its records are kept.',
              }),
            onError: (error) =>
              notifications.show({ color: 'red', title: `${module.label} was not switched`, message: errorMessage(error) }),
          },
        );
      }}
    />
  );
}
