import { Box, NativeSelect, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Report, ReportContent } from '../../core/contracts/reports.ts';
import { hasChanges, reportChanges, type FieldChange, type TextPart } from '../../core/reports/report-changes.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { fileKind, fileSize } from '../lib/stored-files.ts';
import { EmptyState } from '../ui/states.tsx';
import { attachmentName } from './report-attachments.tsx';
import { useReportAttachments } from './reports-calls.ts';

/**
 * The revision diff on a report's page: two of its kept revisions (or a revision and the report as it
 * is now) side by side as what changed, field by field (core/reports/report-changes.ts): facts and
 * answers before and after, people, vehicles and property added, removed or changed, the narrative's
 * words added and removed, the attachments added and removed. Removed text is struck through and
 * added text underlined, each on a tint, and named for a screen reader: colour is never the only mark.
 */

export const EVENT_WORDS: Record<string, string> = { submitted: 'Submitted', returned: 'Returned', approved: 'Approved' };
/** The report as it is now, when it differs from its last kept revision (a draft, or a returned report being fixed). */
export const NOW = 'now';

function Removed({ children }: { children: ReactNode }) {
  return (
    <Box
      component="del"
      px={2}
      style={{
        background: 'light-dark(var(--mantine-color-red-1), rgba(250, 82, 82, 0.22))',
        color: 'var(--mantine-color-text)',
        textDecorationThickness: 1,
        borderRadius: 2,
      }}
    >
      <VisuallyHidden>removed: </VisuallyHidden>
      {children}
    </Box>
  );
}

function Added({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ins"
      px={2}
      style={{
        background: 'light-dark(var(--mantine-color-green-1), rgba(64, 192, 87, 0.22))',
        color: 'var(--mantine-color-text)',
        borderRadius: 2,
      }}
    >
      <VisuallyHidden>added: </VisuallyHidden>
      {children}
    </Box>
  );
}

function Empty() {
  return (
    <Text span fz="sm" c="dimmed" fs="italic">
      empty
    </Text>
  );
}

/** A field's value before and after: the old struck through, the new underlined. */
function FieldLine({ change }: { change: FieldChange }) {
  return (
    <div>
      <Text fz="sm" fw={600}>
        {change.label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {change.before ? <Removed>{change.before}</Removed> : <Empty />} <span aria-hidden>→</span>{' '}
        {change.after ? <Added>{change.after}</Added> : <Empty />}
      </Text>
    </div>
  );
}

function Part({ part }: { part: TextPart }) {
  if (part.added) return <Added>{part.text}</Added>;
  if (part.removed) return <Removed>{part.text}</Removed>;
  return <>{part.text}</>;
}

function ChangeGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const ROW_WORDS = { added: 'added', removed: 'removed', changed: 'changed' } as const;

/** What changed from one content of the report to another. */
export function ContentChanges({ report, before, after }: { report: Report; before: ReportContent; after: ReportContent }) {
  const changes = reportChanges(report.template, before, after);
  const attachmentsChanged = changes.attachments.added.length + changes.attachments.removed.length > 0;
  const files = useReportAttachments(report.id, attachmentsChanged);
  if (!hasChanges(changes)) return <EmptyState title="Nothing changed">The report is the same in both.</EmptyState>;
  const groups = [...new Set(changes.fields.map((change) => change.group))];
  const facts = new Map((files.data ?? []).map((file) => [file.id, file]));
  const describe = (id: string, index: number) => {
    const file = facts.get(id);
    return `${attachmentName(index, file)}${file ? ` (${fileKind(file.content_type)}, ${fileSize(file.size)})` : ''}`;
  };
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <ChangeGroup key={group} title={group}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {changes.fields
              .filter((change) => change.group === group)
              .map((change) => (
                <FieldLine key={change.path} change={change} />
              ))}
          </SimpleGrid>
        </ChangeGroup>
      ))}
      {changes.rows.length > 0 ? (
        <ChangeGroup title="People, vehicles and property">
          {changes.rows.map((row) => (
            <Stack key={`${row.list}-${row.kind}-${row.name}`} gap={4}>
              <Text fz="sm" fw={600}>
                {row.name}: {ROW_WORDS[row.kind]}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" pl="sm">
                {row.fields.map((field) => (
                  <FieldLine key={field.path} change={field} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </ChangeGroup>
      ) : null}
      {changes.narrative ? (
        <ChangeGroup title={changes.narrative.label}>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {changes.narrative.parts.map((part, index) => (
              <Part key={index} part={part} />
            ))}
          </Text>
        </ChangeGroup>
      ) : null}
      {attachmentsChanged ? (
        <ChangeGroup title="Attachments">
          {changes.attachments.added.map((id) => (
            <Text fz="sm" key={`added-${id}`}>
              <Added>{describe(id, after.attachment_ids.indexOf(id))}</Added>
            </Text>
          ))}
          {changes.attachments.removed.map((id) => (
            <Text fz="sm" key={`removed-${id}`}>
              <Removed>{describe(id, before.attachment_ids.indexOf(id))}</Removed>
            </Text>
          ))}
        </ChangeGroup>
      ) : null}
    </Stack>
  );
}

/** The versions one may compare: each kept revision, and the report now when it has moved on from the last. */
export function comparableVersions(report: Report): Array<{ value: string; content: ReportContent }> {
  const versions = report.revisions.map((revision) => ({ value: String(revision.revision), content: revision.content }));
  const last = report.revisions.at(-1);
  if (!last || JSON.stringify(last.content) !== JSON.stringify(report.content)) versions.push({ value: NOW, content: report.content });
  return versions;
}

/** Two pickers (from, to) and what changed between them. */
export function RevisionCompare({
  report,
  from,
  to,
  onPick,
}: {
  report: Report;
  from: string;
  to: string;
  onPick: (from: string, to: string) => void;
}) {
  const dates = useAgencyDates();
  const versions = comparableVersions(report);
  const label = (value: string) => {
    if (value === NOW) return report.can.edit ? 'The report now (not submitted yet)' : 'The report now';
    const revision = report.revisions.find((candidate) => String(candidate.revision) === value)!;
    return `${revision.revision}. ${EVENT_WORDS[revision.event] ?? revision.event} by ${revision.by_name}, ${dates.dateTime(revision.at)}`;
  };
  const options = versions.map((version) => ({ value: version.value, label: label(version.value) }));
  const before = versions.find((version) => version.value === from);
  const after = versions.find((version) => version.value === to);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect label="Compare" data={options} value={from} onChange={(event) => onPick(event.currentTarget.value, to)} />
        <NativeSelect label="With" data={options} value={to} onChange={(event) => onPick(from, event.currentTarget.value)} />
      </SimpleGrid>
      {before && after ? (
        <Box>
          <ContentChanges report={report} before={before.content} after={after.content} />
        </Box>
      ) : null}
    </Stack>
  );
}
