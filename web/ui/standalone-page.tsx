import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PrecinctLogo } from './precinct-logo.tsx';

/**
 * A page without the app's layouts (the error page, /disabled, /comingsoon): the product's name, a
 * heading, a few words and what to do next.
 */
export function StandalonePage(props: { title: string; eyebrow?: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Center component="main" id="main-content" mih="100dvh" p="md">
      <Container size={34 * 16} w="100%" p={0}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <PrecinctLogo />
            {props.icon}
            {props.eyebrow ? (
              <Text c="dimmed" fw={600} fz="sm">
                {props.eyebrow}
              </Text>
            ) : null}
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {props.title}
            </Title>
            {props.children}
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
