import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugOff, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { SettingsPanelProps } from '../../lib/web-modules.tsx';

/**
 * Fleet's part of /admin/modules/fleet: the fleet office keeps the module's settings on its own page
 * (/fleet/admin/settings, `fleet:admin`), so the administrator's page holds only the switch and says
 * where the rest is.
 */
export function FleetSettingsPointer({ moduleEnabled }: SettingsPanelProps) {
  if (moduleEnabled === false)
    return (
      <Alert color="blue" variant="light" icon={<IconPlugOff aria-hidden />} title="Fleet is turned off" role="status">
        <Text fz="sm">
          Its settings (vehicle types, service categories, the squad check before a shift, default templates) are kept. Turn Fleet on above,
          and the fleet office can change them again.
        </Text>
      </Alert>
    );
  return (
    <Alert color="gray" variant="light" icon={<IconSettings aria-hidden />} title="The fleet office keeps these settings">
      <Text fz="sm">
        Vehicle types, service categories, the squad check before a shift and default templates are set by whoever runs the fleet office
        (Fleet admin permission), on{' '}
        <Anchor component={Link} to="/fleet/admin/settings" fz="sm" underline="always">
          the fleet settings
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
