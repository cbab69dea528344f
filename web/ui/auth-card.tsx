import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card every sign-in screen sits in: a heading, a line of help, the form, and links below. */
export function AuthCard(props: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 24, xs: 28 }}>
              {props.title}
            </Title>
            {props.description ? <Text c="dimmed">{props.description}</Text> : null}
          </Stack>
          {props.children}
        </Stack>
      </Paper>
      {props.footer ? (
        <Text ta="center" fz="sm">
          {props.footer}
        </Text>
      ) : null}
    </Stack>
  );
}
