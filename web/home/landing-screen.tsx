import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MODULE_KEYS, MODULES } from '../../core/modules.ts';
import { MODULE_SUMMARIES, ModuleIcon } from '../ui/module-icon.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** `/` for a signed-out visitor: what Precinct is, and a way to sign in or sign up. */
export function LandingScreen() {
  usePageTitle('');
  return (
    <Stack gap="xl" py={{ base: 'sm', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.15}>
          The records and rosters of your agency, in one place
        </Title>
        <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={640}>
          Precinct is software for public-safety agencies: citations, reports, tasks, scheduling, fleet and field training. Each agency
          switches on the modules it uses, and each officer sees what their role allows.
        </Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to="/login" size="md">
          Sign in
        </Button>
        <Button component={Link} to="/signup" size="md" variant="default">
          Create an agency account
        </Button>
      </Group>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          What is in it
        </Title>
        <List spacing="sm" center listStyleType="none" aria-label="Modules">
          {MODULE_KEYS.map((key) => (
            <List.Item
              key={key}
              icon={
                <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
                  <ModuleIcon module={key} size={18} />
                </ThemeIcon>
              }
            >
              <Text component="span" fw={600}>
                {MODULES[key].label}
              </Text>
              <Text component="span" c="dimmed">
                {' '}
                · {MODULE_SUMMARIES[key]}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
