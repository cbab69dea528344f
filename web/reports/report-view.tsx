import { Card, SimpleGrid, Stack, Table, Text, Title, Typography } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { PERSON_ROLE_LABELS, PROPERTY_DISPOSITION_LABELS, type Report, type ReportContent } from '../../core/contracts/reports.ts';
import { answeredFields } from '../../core/reports/report-rules.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { citedAt } from './cite-mark.ts';
import { ReportAttachmentsList, ReportAttachmentsView } from './report-attachments.tsx';
import { AiDisclosure, DraftTranscriptCard } from './transcript-panel.tsx';
import { localStamp } from './reports-ui.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

/**
 * A report read, not edited: its facts, the template's answers, the people, vehicles and property, and
 * the narrative (kept sanitised by the server, so it is shown as the HTML it is). Used on the report's
 * page and in its print view (`compact`).
 */

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function yesNo(value: string): string {
  return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value;
}

function Section({ title, compact, children }: { title: string; compact: boolean; children: ReactNode }) {
  return compact ? (
    <Stack gap={6}>
      <Title order={2} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  ) : (
    <Card withBorder radius="md" padding="md" component="section">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The report's people, vehicles or property as a table; nothing when there are none. */
function ListSection({ title, compact, headers, rows }: { title: string; compact: boolean; headers: string[]; rows: string[][] }) {
  if (rows.length === 0) return null;
  return (
    <Section title={title} compact={compact}>
      {/* Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
      <TableScroll minWidth={480} tabIndex={0} role="region" aria-label={title}>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((cells, index) => (
              <Table.Tr key={index}>
                {cells.map((cell, column) => (
                  <Table.Td key={column}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Section>
  );
}

export function ReportContentView({
  report,
  content = report.content,
  compact = false,
}: {
  report: Report;
  content?: ReportContent;
  compact?: boolean;
}) {
  const dates = useAgencyDates();
  const answered = answeredFields(report.template);
  // The transcript passages of the AI-drafted sentence last chosen in the narrative.
  const [cited, setCited] = useState<string[]>([]);
  const money = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
  return (
    <Stack gap={compact ? 'sm' : 'md'}>
      <Section title="The incident" compact={compact}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          <Fact label="Occurred">{localStamp(content.occurred_at)}</Fact>
          <Fact label="Reported">{localStamp(content.reported_at)}</Fact>
          <Fact label="Location">{content.location}</Fact>
          {answered.map((field) => (
            <Fact key={field.key} label={field.label}>
              {yesNo(content.answers[field.key] ?? '')}
            </Fact>
          ))}
        </SimpleGrid>
      </Section>
      <ListSection
        title="People"
        compact={compact}
        headers={['Role', 'Name', 'Born', 'Address and phone', 'Description']}
        rows={content.people.map((p) => [
          PERSON_ROLE_LABELS[p.role],
          p.name,
          p.date_of_birth,
          [p.address, p.phone].filter(Boolean).join(' · '),
          p.description,
        ])}
      />
      <ListSection
        title="Vehicles"
        compact={compact}
        headers={['Plate', 'Vehicle', 'Colour', 'VIN']}
        rows={content.vehicles.map((v) => [
          [v.plate, v.state].filter(Boolean).join(' '),
          [v.year, v.make, v.model].filter(Boolean).join(' '),
          v.color,
          v.vin,
        ])}
      />
      <ListSection
        title="Property"
        compact={compact}
        headers={['Item', 'Serial', 'Value', 'Disposition']}
        rows={content.property.map((item) => [
          item.description,
          item.serial,
          money(item.value),
          PROPERTY_DISPOSITION_LABELS[item.disposition],
        ])}
      />
      <Section title="Narrative" compact={compact}>
        {content.narrative ? (
          <Typography fz="sm">
            {/* The server keeps only the editor's formatting (server/reports/narrative.ts): no script, attribute or link survives. */}
            <div
              className="precinct-cited"
              dangerouslySetInnerHTML={{ __html: content.narrative }}
              onClick={(event) => setCited(citedAt((event.target as HTMLElement).closest('span[data-cite]')?.getAttribute('data-cite')))}
            />
          </Typography>
        ) : (
          <Text fz="sm" c="dimmed">
            No narrative yet.
          </Text>
        )}
        {report.ai_draft_id ? <AiDisclosure draftId={report.ai_draft_id} /> : null}
        {report.ai_draft_id && !compact ? <DraftTranscriptCard draftId={report.ai_draft_id} active={cited} /> : null}
      </Section>
      {compact && content.attachment_ids.length === 0 ? null : (
        <Section title="Attachments" compact={compact}>
          {compact ? (
            <ReportAttachmentsList reportId={report.id} ids={content.attachment_ids} formatDate={dates.dateTime} />
          ) : (
            <ReportAttachmentsView reportId={report.id} ids={content.attachment_ids} caseNumber={report.case_number} />
          )}
        </Section>
      )}
    </Stack>
  );
}
