import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { SHIFT_LABELS, type Dor } from '../../core/contracts/fto.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { calendarDate, RatingChip } from './fto-ui.tsx';

/** A DOR as everyone reads it (and as it prints): activity, each category's rating and comment, narratives, signatures. */
export function DorView({ dor, compact = false }: { dor: Dor; compact?: boolean }) {
  const dates = useAgencyDates();
  const { content } = dor;
  return (
    <Stack gap={compact ? 'xs' : 'md'}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Text fz="sm">
          <b>Shift:</b> {calendarDate(content.shift_date)} {SHIFT_LABELS[content.shift]}
        </Text>
        <Text fz="sm">
          <b>Calls:</b> {content.activity.calls_handled}
        </Text>
        <Text fz="sm">
          <b>Self-initiated:</b> {content.activity.self_initiated}
        </Text>
        <Text fz="sm">
          <b>Reports:</b> {content.activity.reports_written} · <b>Arrests:</b> {content.activity.arrests}
        </Text>
      </SimpleGrid>
      {content.activity.notes ? <Text fz="sm">{content.activity.notes}</Text> : null}
      {dor.category_groups.map((group) => (
        <Card
          key={group.key}
          withBorder
          radius="md"
          padding={compact ? 'xs' : 'md'}
          component="section"
          aria-labelledby={`view-${group.key}`}
        >
          <Title order={2} fz={compact ? 'sm' : 'lg'} id={`view-${group.key}`} mb={4}>
            {group.label}
          </Title>
          <Table verticalSpacing={2} fz={compact ? 'xs' : 'sm'}>
            <Table.Tbody>
              {group.categories.map((category) => {
                const entry = content.ratings[category.key];
                return (
                  <Table.Tr key={category.key}>
                    <Table.Td w="45%">{category.label}</Table.Td>
                    <Table.Td w={70}>
                      <RatingChip rating={entry?.rating} label={category.label} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {entry?.comment}
                      {entry?.rating === 'REM' ? ` (${entry.remedial_minutes ?? 0} min remedial)` : ''}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
      <Card withBorder radius="md" padding={compact ? 'xs' : 'md'} component="section" aria-labelledby="view-narratives">
        <Stack gap={4}>
          <Title order={2} fz={compact ? 'sm' : 'lg'} id="view-narratives">
            Narratives
          </Title>
          <Text fz="sm" fw={600}>
            Most satisfactory performance
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {content.most_satisfactory || '—'}
          </Text>
          <Text fz="sm" fw={600}>
            Least satisfactory performance
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {content.least_satisfactory || '—'}
          </Text>
          <Text fz="sm">Remedial training: {dor.remedial_minutes} minutes.</Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding={compact ? 'xs' : 'md'} component="section" aria-labelledby="view-signatures">
        <Title order={2} fz={compact ? 'sm' : 'lg'} id="view-signatures" mb={4}>
          Signatures
        </Title>
        <Group gap="xl" wrap="wrap" align="flex-start">
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              Trainer
            </Text>
            <Text fz="sm">{dor.trainer_name}</Text>
            <Text fz="sm">{dor.completed_at ? `Completed ${dates.dateTime(dor.completed_at)}` : 'Not completed yet'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              Trainee
            </Text>
            <Text fz="sm">{dor.trainee_name}</Text>
            <Text fz="sm">{dor.acknowledged_at ? `Acknowledged ${dates.dateTime(dor.acknowledged_at)}` : 'Not acknowledged yet'}</Text>
            {dor.trainee_comment ? <Text fz="sm">Comment: {dor.trainee_comment}</Text> : null}
          </Stack>
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              Supervisor
            </Text>
            <Text fz="sm">{dor.approved_by_name ?? '—'}</Text>
            <Text fz="sm">{dor.approved_at ? `Approved ${dates.dateTime(dor.approved_at)}` : 'Not approved yet'}</Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
