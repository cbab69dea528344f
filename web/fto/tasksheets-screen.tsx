import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { useBinder, useTasksheets } from './fto-calls.ts';
import { FtoPage } from './fto-ui.tsx';

/** /fto/binder/{id}/tasksheets: one tasksheet per phase of the trainee's program, with how much is signed off. */
export function TasksheetsScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const sheets = useTasksheets(binderId);
  const name = binder.data?.trainee_name;
  return (
    <FtoPage
      title={name ? `Tasksheets: ${name}` : 'Tasksheets'}
      description="Each task of the program is signed off by a trainer once the trainee has shown it: discussed, demonstrated or performed."
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
      ]}
    >
      {sheets.isPending ? (
        <LoadingState label="Loading the tasksheets…" />
      ) : sheets.isError ? (
        <ErrorState message={errorMessage(sheets.error)} onRetry={() => void sheets.refetch()} />
      ) : sheets.data.every((sheet) => sheet.tasks === 0) ? (
        <EmptyState title="No tasks in this program">
          <Text fz="sm">The coordinator adds a task library to the program; binders started after that carry its tasks.</Text>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {sheets.data.map((sheet) => {
            const share = sheet.tasks ? Math.round((sheet.signed / sheet.tasks) * 100) : 0;
            return (
              <Card key={sheet.id} withBorder radius="md" padding="md">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor
                      fw={600}
                      renderRoot={(props) => (
                        <Link
                          {...props}
                          to="/fto/binder/$binder_id/tasksheets/$tasksheet_id"
                          params={{ binder_id: binderId, tasksheet_id: sheet.id }}
                        />
                      )}
                    >
                      {sheet.phase_name}
                    </Anchor>
                    {sheet.current_phase ? (
                      <Badge variant="light" color="blue" c="var(--mantine-color-text)">
                        Current phase
                      </Badge>
                    ) : null}
                  </Group>
                  {sheet.tasks === 0 ? (
                    <Text fz="sm" c="dimmed">
                      No tasks in this phase.
                    </Text>
                  ) : (
                    <>
                      <Progress
                        value={share}
                        color={share === 100 ? 'green' : 'blue'}
                        aria-label={`${sheet.phase_name}: ${share}% signed off`}
                      />
                      <Text fz="sm">
                        {sheet.signed} of {sheet.tasks} tasks signed off
                      </Text>
                    </>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </FtoPage>
  );
}
