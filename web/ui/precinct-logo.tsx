import { Group, Text } from '@mantine/core';
import { IconShieldStar } from '@tabler/icons-react';

/** The product's mark and name. Decorative icon; the name is the text. */
export function PrecinctLogo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconShieldStar aria-hidden size={size === 'xl' ? 36 : 26} stroke={1.8} color="var(--mantine-primary-color-filled)" />
      <Text component="span" fw={750} fz={size} lh={1}>
        Precinct
      </Text>
    </Group>
  );
}
