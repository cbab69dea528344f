import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * The account menu's button: the user's initials and name. The menu's target, and the button before the menu has loaded.
 * Its accessible name starts with what it shows, the initials and the name (the name is hidden on a phone),
 * so that speech input finds it by either (WCAG 2.5.3, label in name). The space between the initials and the name
 * (a flex container does not render it) keeps them two words for axe's check of that.
 */
export function UserButton({ name, ...props }: { name: string } & ComponentProps<typeof UnstyledButton<'button'>>) {
  const shown = initials(name);
  return (
    <UnstyledButton
      aria-label={`${shown} ${name}, Account menu`}
      p={4}
      className="precinct-tap"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      {...props}
    >
      <Group gap={6} wrap="nowrap">
        <Avatar size={32} radius="xl" color="blue" aria-hidden>
          {shown}
        </Avatar>{' '}
        <Text fz="sm" fw={500} visibleFrom="sm" maw={160} truncate>
          {name}
        </Text>
        <IconChevronDown aria-hidden size={14} />
      </Group>
    </UnstyledButton>
  );
}
