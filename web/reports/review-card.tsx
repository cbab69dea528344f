import { ActionIcon, Button, Card, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Report } from '../../core/contracts/reports.ts';
import { reportFields, type ReportFieldRef } from '../../core/reports/report-fields.ts';
import { errorMessage } from '../lib/api-error.ts';
import { isStaleVersion } from '../lib/api.ts';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { useApproveReport, useReturnReport } from './reports-calls.ts';

/**
 * A reviewer's card on a submitted report of someone else: approve it (which locks it) or return it
 * with what to fix, in general and beside single fields (the author's form shows each comment under
 * its field, "Reviewer: …").
 */

type FieldComment = { key: string; path: string; text: string };

/** The report's fields grouped as its form groups them, for a native select's option groups. */
function fieldOptions(fields: ReportFieldRef[], taken: Set<string>) {
  const groups = [...new Set(fields.map((field) => field.group))];
  return [
    { value: '', label: 'Choose a field…' },
    ...groups.map((group) => ({
      group,
      items: fields
        .filter((field) => field.group === group)
        .map((field) => ({ value: field.path, label: field.label, disabled: taken.has(field.path) })),
    })),
  ];
}

export function ReviewCard({ report, onReload }: { report: Report; onReload: () => void }) {
  const approve = useApproveReport();
  const giveBack = useReturnReport();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [fieldComments, setFieldComments] = useState<FieldComment[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const fields = reportFields(report.template, report.content);
  const byPath = new Map(fields.map((field) => [field.path, field]));

  const update = (key: string, values: Partial<FieldComment>) => {
    setFieldComments((current) => current.map((entry) => (entry.key === key ? { ...entry, ...values } : entry)));
    setFieldErrors((current) => Object.fromEntries(Object.entries(current).filter(([errorKey]) => !errorKey.startsWith(key))));
  };

  /** What is wrong with the comments on fields before the report goes back: a field not chosen, a comment not written. */
  const fieldProblems = (): Record<string, string> => {
    const problems: Record<string, string> = {};
    for (const entry of fieldComments) {
      if (!entry.path) problems[`${entry.key}.path`] = 'Choose the field, or remove this comment';
      if (!entry.text.trim()) problems[`${entry.key}.text`] = 'Write the comment, or remove it';
    }
    return problems;
  };

  const run = async (action: 'approve' | 'return') => {
    setError(null);
    if (action === 'return') {
      const problems = fieldProblems();
      setFieldErrors(problems);
      if (!comment.trim()) setCommentError('Say what the author should fix');
      if (!comment.trim() || Object.keys(problems).length > 0) return;
    }
    try {
      if (action === 'approve') await approve.mutateAsync({ id: report.id, version: report.version });
      else
        await giveBack.mutateAsync({
          id: report.id,
          comment,
          fields: Object.fromEntries(fieldComments.map((entry) => [entry.path, entry.text.trim()])),
          version: report.version,
        });
      notifications.show({
        color: 'green',
        title: action === 'approve' ? 'Approved' : 'Returned',
        message:
          action === 'approve'
            ? `Report ${report.case_number} is approved and locked.`
            : `Report ${report.case_number} went back to ${report.author_name} with your comments.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(errorMessage(failure));
    }
  };

  const taken = new Set(fieldComments.map((entry) => entry.path).filter(Boolean));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="review-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="review-heading">
          Review this report
        </Title>
        <Text fz="sm">
          Approving locks the report: after that it changes only by a supplement. Returning sends it back to {report.author_name} with your
          comments.
        </Text>
        {stale ? (
          <StaleVersionAlert
            what="report"
            onReload={() => {
              setStale(false);
              onReload();
            }}
          />
        ) : null}
        <Textarea
          label="Comments for the author"
          description="Needed to return the report: what is missing or wrong"
          autosize
          minRows={2}
          value={comment}
          error={commentError}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setCommentError(null);
          }}
        />
        <Stack gap="xs" component="section" aria-labelledby="field-comments-heading">
          <Text fw={600} fz="sm" id="field-comments-heading">
            Comments on single fields
          </Text>
          <Text fz="sm" c="dimmed">
            Optional: each is shown to {report.author_name} under its field.
          </Text>
          {fieldComments.map((entry, index) => {
            const field = byPath.get(entry.path);
            const name = field ? `${field.group}: ${field.label}` : `field comment ${index + 1}`;
            return (
              <Paper key={entry.key} withBorder radius="sm" p="sm">
                <Stack gap="xs">
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <NativeSelect
                      label="Field"
                      data={fieldOptions(fields, new Set([...taken].filter((path) => path !== entry.path)))}
                      value={entry.path}
                      onChange={(event) => update(entry.key, { path: event.currentTarget.value })}
                      error={fieldErrors[`${entry.key}.path`]}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove the comment on ${name}`}
                      onClick={() => setFieldComments((current) => current.filter((other) => other.key !== entry.key))}
                      mb={fieldErrors[`${entry.key}.path`] ? 22 : 0}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Textarea
                    label={field ? `Comment on ${name}` : 'Comment'}
                    autosize
                    minRows={1}
                    value={entry.text}
                    error={fieldErrors[`${entry.key}.text`]}
                    onChange={(event) => update(entry.key, { text: event.currentTarget.value })}
                  />
                </Stack>
              </Paper>
            );
          })}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setFieldComments((current) => [...current, { key: crypto.randomUUID(), path: '', text: '' }])}
          >
            Comment on a field
          </Button>
        </Stack>
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="orange" onClick={() => void run('return')} loading={giveBack.isPending}>
            Return to the author
          </Button>
          <Button onClick={() => void run('approve')} loading={approve.isPending}>
            Approve and lock
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
