import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The account menu's button: the user's initials and name. The menu's target, and the button before the menu has loaded. */
export function UserButton({ name, ...props }: { name: string } & ComponentProps<typeof UnstyledButton<'button'>>) {
  return (
    <UnstyledButton aria-label={`Account menu for ${name}`} p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }} {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar size={32} radius="xl" color="blue" aria-hidden>
          {initials(name)}
        </Avatar>
        <Text fz="sm" fw={500} visibleFrom="sm" maw={160} truncate>
          {name}
        </Text>
        <IconChevronDown aria-hidden size={14} />
      </Group>
    </UnstyledButton>
  );
}
