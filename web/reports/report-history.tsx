import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { Report } from '../../core/contracts/reports.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { comparableVersions, EVENT_WORDS, RevisionCompare } from './revision-diff.tsx';

/**
 * A report's history: each submission, return and approval with who and when (and the return's
 * comment), each kept with the report as it was; "What changed" opens the diff of that step against the
 * one before, and any two (or one and the report now) can be compared.
 */
export function ReportHistory({ report }: { report: Report }) {
  const dates = useAgencyDates();
  const [pick, setPick] = useState<{ from: string; to: string } | null>(null);
  const compareHeading = useRef<HTMLHeadingElement>(null);
  if (report.revisions.length === 0) return null;
  const versions = comparableVersions(report);
  const open = (from: string, to: string) => {
    setPick({ from, to });
    window.setTimeout(() => compareHeading.current?.focus(), 0);
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="history-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="history-heading">
          History
        </Title>
        <List spacing={6} size="sm">
          {report.revisions.map((revision, index) => {
            // A resubmission is what the author changed; a return or an approval keeps the content it was given.
            const previous = revision.event === 'submitted' ? report.revisions[index - 1] : undefined;
            return (
              <List.Item key={revision.revision}>
                <Group gap="xs" wrap="wrap" align="baseline">
                  <Text fz="sm">
                    <Text fz="sm" span fw={600}>
                      {EVENT_WORDS[revision.event] ?? revision.event}
                    </Text>{' '}
                    by {revision.by_name}, {dates.dateTime(revision.at)}
                  </Text>
                  {previous ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`What changed in step ${revision.revision} (${(EVENT_WORDS[revision.event] ?? revision.event).toLowerCase()} by ${revision.by_name})`}
                      onClick={() => open(String(previous.revision), String(revision.revision))}
                    >
                      What changed
                    </Button>
                  ) : null}
                </Group>
                {revision.comment ? <Text fz="sm">“{revision.comment}”</Text> : null}
              </List.Item>
            );
          })}
        </List>
        <Text fz="xs" c="dimmed">
          Each step keeps the report as it was then.
        </Text>
        {pick ? (
          <Stack gap="sm" component="section" aria-labelledby="compare-heading">
            <Title order={3} fz="md" id="compare-heading" ref={compareHeading} tabIndex={-1}>
              What changed
            </Title>
            <RevisionCompare report={report} from={pick.from} to={pick.to} onPick={(from, to) => setPick({ from, to })} />
            <Button variant="default" size="sm" style={{ alignSelf: 'flex-start' }} onClick={() => setPick(null)}>
              Close the comparison
            </Button>
          </Stack>
        ) : versions.length > 1 ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconArrowsDiff size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => open(versions.at(-2)!.value, versions.at(-1)!.value)}
          >
            Compare versions
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
