import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProductivityHome } from './productivity-calls.ts';
import { dueText } from './productivity-ui.tsx';

/** Productivity on the home screen: my tasks overdue and due today, the first few by name. Nothing when none are. */
export function ProductivityNeedsPanel() {
  const home = useProductivityHome();
  if (!home.data || (home.data.overdue === 0 && home.data.due_today === 0)) return null;
  const { overdue, due_today: today, tasks } = home.data;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="needs-productivity" data-testid="productivity-needs">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="needs-productivity">
          Tasks
        </Title>
        <Anchor renderRoot={(props) => <Link {...props} to="/productivity" />} fw={650} className="precinct-tap">
          {[overdue > 0 ? `${overdue} overdue` : null, today > 0 ? `${today} due today` : null].filter(Boolean).join(', ')}
        </Anchor>
        {tasks.slice(0, 5).map((task) => (
          <Text key={task.id} fz="sm">
            <Anchor renderRoot={(props) => <Link {...props} to="/productivity" search={{ task: task.id }} />} fz="sm">
              {task.title}
            </Anchor>
            {task.due_on ? ` · due ${dueText(task)}` : ''}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
