import { Alert, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconPlugOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { errorMessage, isApiError } from './api-error.ts';

/**
 * What every module's settings panel on /admin/modules/{module} shows before its form: why there is no
 * form while the module is off (its settings are kept), the loading and error states, and a reload when
 * the module is switched on after a refusal. `moduleEnabled` is the module switch's state (undefined while
 * it loads); the form gets the settings once they are read.
 */
export function ModuleSettingsGate<T>(props: {
  moduleEnabled: boolean | undefined;
  settings: UseQueryResult<T>;
  /** "Fleet", "Field training", "Reports". */
  module: string;
  /** What the settings hold, for the switched-off note: "vehicle types, service categories, …". */
  holds: string;
  children: (settings: T) => ReactNode;
}) {
  const { settings, moduleEnabled } = props;
  const { refetch } = settings;
  const failed = settings.isError;
  useEffect(() => {
    if (moduleEnabled && failed) void refetch();
  }, [moduleEnabled, failed, refetch]);
  const lower = props.module.toLowerCase();
  if (moduleEnabled === false || (isApiError(settings.error) && settings.error.code === 'module_disabled'))
    return (
      <Alert color="blue" variant="light" icon={<IconPlugOff aria-hidden />} title={`${props.module} is turned off`} role="status">
        <Text fz="sm">
          Its settings ({props.holds}) are kept. Turn {props.module} on above to see and change them.
        </Text>
      </Alert>
    );
  if (settings.isPending) return <LoadingState label={`Loading the ${lower} settings…`} />;
  if (settings.isError)
    return (
      <ErrorState
        title={`The ${lower} settings could not be loaded`}
        message={errorMessage(settings.error)}
        onRetry={() => void refetch()}
      />
    );
  return <>{props.children(settings.data)}</>;
}
