import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { VEHICLE_DOCUMENT_LABELS } from '../../../core/contracts/fleet-records.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useExpiringDocuments } from './fleet-records-api.ts';

/** "Lapsed 3 d ago", "Lapses today", "In 6 d": how near a document is to lapsing. */
export function lapseLabel(daysLeft: number): string {
  if (daysLeft < 0) return `Lapsed ${-daysLeft} d ago`;
  if (daysLeft === 0) return 'Last day today';
  return `In ${daysLeft} d`;
}

/** The dashboard's "Documents expiring": registrations, insurances and inspections lapsing within 30 days, or lapsed. */
export function ExpiringDocumentsCard() {
  const documents = useExpiringDocuments();
  const dates = useAgencyDates();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="documents-expiring">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="documents-expiring">
          Documents expiring
        </Title>
        {documents.isPending ? (
          <LoadingState label="Loading the documents…" />
        ) : documents.isError ? (
          <ErrorState message={errorMessage(documents.error)} onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No registration, insurance or inspection lapses within 30 days.
          </Text>
        ) : (
          <List spacing="xs" listStyleType="none" ml={0} pl={0} data-testid="documents-expiring">
            {documents.data.map((document) => (
              <List.Item key={`${document.vehicle_id}-${document.document}`}>
                <Group gap="xs" wrap="wrap">
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: document.vehicle_id }} />
                    )}
                    fw={600}
                    fz="sm"
                  >
                    {document.unit_number}
                  </Anchor>
                  <Text fz="sm">{VEHICLE_DOCUMENT_LABELS[document.document]}</Text>
                  <StatusBadge color={document.days_left < 0 ? 'red' : document.days_left <= 7 ? 'orange' : 'yellow'}>
                    {lapseLabel(document.days_left)}
                  </StatusBadge>
                  <Text fz="sm" c="dimmed">
                    valid until {dates.date(`${document.expires_on}T12:00:00Z`)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
