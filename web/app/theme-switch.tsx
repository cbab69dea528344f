import {
  ActionIcon,
  Menu,
  Text,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useAuthState } from '../auth/session.ts';
import { useUpdateUser } from '../auth/update-user.ts';
import { errorMessage } from '../lib/api-error.ts';

const CHOICES: { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'Same as this device', Icon: IconDeviceDesktop },
];

/**
 * The theme switch: light, dark or the device's setting. The choice is remembered in this browser
 * and, when signed in, on the server (user_metadata.color_scheme), because sign-out empties the
 * browser's storage.
 */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const { session } = useAuthState();
  const updateUser = useUpdateUser();

  const choose = (value: MantineColorScheme) => {
    setColorScheme(value);
    if (session && session.user.user_metadata.color_scheme !== value) {
      updateUser.mutate(
        { data: { ...session.user.user_metadata, color_scheme: value } },
        {
          onError: (error) => notifications.show({ color: 'red', title: 'Your theme choice was not saved', message: errorMessage(error) }),
        },
      );
    }
  };

  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Theme: ${CHOICES.find((c) => c.value === colorScheme)?.label ?? 'Light'}. Change theme`}
        >
          <CurrentIcon aria-hidden size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Text fz="xs" fw={600} c="dimmed" px="sm" py={6}>
          Theme
        </Text>
        {CHOICES.map(({ value, label, Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon aria-hidden size={16} />}
            rightSection={colorScheme === value ? <IconCheck aria-hidden size={16} /> : null}
            onClick={() => choose(value)}
          >
            {label}
            {colorScheme === value ? <VisuallyHidden> (selected)</VisuallyHidden> : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
