import { Button, Text } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { MODULE_LIST, isModuleEnabled, type ModuleDefinition } from '../../core/modules.ts';
import { useProfile } from '../lib/session/get-profile.ts';
import { useAuthState } from '../lib/session/session.ts';
import { StandalonePage } from '../ui/standalone-page.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

function moduleByDisplayName(displayName: string): ModuleDefinition | undefined {
  return MODULE_LIST.find((module) => module.rules.some((rule) => rule.displayName === displayName));
}

/**
 * /disabled?module=<display name>: which module is off or not permitted, and whom to ask. Without a
 * layout (spec section 2).
 */
export function DisabledPage() {
  const { module: displayName } = useSearch({ strict: false });
  const name = displayName || 'This module';
  usePageTitle(`${name} is not available`);
  const { claims } = useAuthState();
  const profile = useProfile();
  const definition = displayName ? moduleByDisplayName(displayName) : undefined;
  const sysConfig = profile.data?.agency_info.sys_config;
  const agencyName = profile.data?.agency_info.name ?? 'your agency';

  let why = `Either ${agencyName} has switched ${name} off, or your account does not have access to it.`;
  if (definition && sysConfig && !isModuleEnabled(sysConfig, definition.key)) {
    why = `${agencyName} has switched ${definition.label} off.`;
  } else if (definition && claims && definition.rules.some((rule) => rule.check === 'full_account') && claims.account_type !== 'full') {
    why = `${name} needs a full account, and yours is a limited one.`;
  } else if (definition && sysConfig && claims) {
    why = `Your account does not have the permission ${name} needs.`;
  }

  return (
    <StandalonePage title={`${name} is not available to you`} icon={<IconLock aria-hidden size={32} stroke={1.6} />}>
      <Text>{why}</Text>
      <Text c="dimmed">
        If you need it for your work, ask your agency’s Precinct administrator: they can switch modules on and give accounts access.
      </Text>
      <Button component={Link} to="/" leftSection={<IconHome aria-hidden size={18} />} style={{ alignSelf: 'flex-start' }}>
        Go to the home page
      </Button>
    </StandalonePage>
  );
}
