import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The frame of the officer's fleet screens: a way back to Fleet, the heading, a line of explanation and actions. */
export function FleetPage(props: { title: string; description?: ReactNode; actions?: ReactNode; back?: boolean; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={960} w="100%">
      {props.back ? (
        <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6}>
          <Anchor component={Link} to="/fleet" fz="sm">
            Fleet
          </Anchor>
          <Text fz="sm" aria-current="page">
            {props.title}
          </Text>
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {props.title}
          </Title>
          {props.description ? (
            <Text c="dimmed" fz="sm">
              {props.description}
            </Text>
          ) : null}
        </Stack>
        {props.actions ? (
          <Group gap="xs" wrap="wrap">
            {props.actions}
          </Group>
        ) : null}
      </Group>
      {props.children}
    </Stack>
  );
}
