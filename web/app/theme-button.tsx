import { ActionIcon, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

const LABELS: Record<MantineColorScheme, string> = { light: 'Light', dark: 'Dark', auto: 'Same as this device' };

/** The theme switch's button, as the menu's target and before the menu has loaded. */
export function ThemeButton(props: ComponentProps<typeof ActionIcon<'button'>>) {
  const { colorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <ActionIcon variant="default" size="lg" aria-label={`Theme: ${LABELS[colorScheme]}. Change theme`} {...props}>
      <CurrentIcon aria-hidden size={18} />
    </ActionIcon>
  );
}
