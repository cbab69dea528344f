import { Card, SimpleGrid, Stack, Table, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { PERSON_ROLE_LABELS, PROPERTY_DISPOSITION_LABELS, type Report, type ReportContent } from '../../core/contracts/reports.ts';
import { answeredFields } from '../../core/reports/report-rules.ts';
import { localStamp } from './reports-ui.tsx';

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

export function ReportContentView({
  report,
  content = report.content,
  compact = false,
}: {
  report: Report;
  content?: ReportContent;
  compact?: boolean;
}) {
  const answered = answeredFields(report.template);
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
      {content.people.length > 0 ? (
        <Section title="People" compact={compact}>
          <Table.ScrollContainer minWidth={480}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Born</Table.Th>
                  <Table.Th scope="col">Address and phone</Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {content.people.map((person, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{PERSON_ROLE_LABELS[person.role]}</Table.Td>
                    <Table.Td>{person.name}</Table.Td>
                    <Table.Td>{person.date_of_birth}</Table.Td>
                    <Table.Td>{[person.address, person.phone].filter(Boolean).join(' · ')}</Table.Td>
                    <Table.Td>{person.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      ) : null}
      {content.vehicles.length > 0 ? (
        <Section title="Vehicles" compact={compact}>
          <Table.ScrollContainer minWidth={480}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Plate</Table.Th>
                  <Table.Th scope="col">Vehicle</Table.Th>
                  <Table.Th scope="col">Colour</Table.Th>
                  <Table.Th scope="col">VIN</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {content.vehicles.map((vehicle, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{[vehicle.plate, vehicle.state].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{vehicle.color}</Table.Td>
                    <Table.Td>{vehicle.vin}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      ) : null}
      {content.property.length > 0 ? (
        <Section title="Property" compact={compact}>
          <Table.ScrollContainer minWidth={480}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Item</Table.Th>
                  <Table.Th scope="col">Serial</Table.Th>
                  <Table.Th scope="col">Value</Table.Th>
                  <Table.Th scope="col">Disposition</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {content.property.map((item, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{item.description}</Table.Td>
                    <Table.Td>{item.serial}</Table.Td>
                    <Table.Td>{money(item.value)}</Table.Td>
                    <Table.Td>{PROPERTY_DISPOSITION_LABELS[item.disposition]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      ) : null}
      <Section title="Narrative" compact={compact}>
        {content.narrative ? (
          <Typography fz="sm">
            {/* The server keeps only the editor's formatting (server/reports/narrative.ts): no script, attribute or link survives. */}
            <div dangerouslySetInnerHTML={{ __html: content.narrative }} />
          </Typography>
        ) : (
          <Text fz="sm" c="dimmed">
            No narrative yet.
          </Text>
        )}
      </Section>
    </Stack>
  );
}
