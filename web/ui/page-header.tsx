import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A screen's header: where it sits (breadcrumbs ending at this page), its title, a line about it, and its actions. */
export function PageHeader(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: { label: string; to: string }[];
}) {
  return (
    <>
      {props.breadcrumbs && props.breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
          {props.breadcrumbs.map((crumb) => (
            <Anchor key={crumb.to} component={Link} to={crumb.to} fz="sm" className="precinct-tap">
              {crumb.label}
            </Anchor>
          ))}
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
    </>
  );
}
