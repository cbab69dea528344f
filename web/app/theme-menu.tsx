import { Menu, Text, VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useAuthState } from '../lib/session/session.ts';
import { useUpdateUser } from '../auth/update-user.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useFocusTarget } from '../ui/deferred-overlay.ts';
import { ThemeButton } from './theme-button.tsx';

const CHOICES: { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'Same as this device', Icon: IconDeviceDesktop },
];

/**
 * The theme switch's menu (theme-switch.tsx draws the button until this has loaded). The choice is
 * remembered in this browser and, when signed in, on the server (user_metadata.color_scheme), because
 * sign-out empties the browser's storage. `focusTarget`: the button had the focus when the menu
 * replaced it, so the menu's own button takes it.
 */
export function ThemeMenu({ defaultOpened, focusTarget }: { defaultOpened: boolean; focusTarget: boolean }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { session } = useAuthState();
  const updateUser = useUpdateUser();
  const target = useFocusTarget<HTMLButtonElement>(focusTarget);

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

  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ThemeButton ref={target} />
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
