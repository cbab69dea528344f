import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { ReferenceDocument } from '../../core/contracts/fto.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { fileKind, fileSize } from '../lib/stored-files.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { downloadReference, useBinder, useBinderReference } from './fto-calls.ts';
import { FtoPage } from './fto-ui.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

/** Downloads a document's file, saying so on the button while it comes and in a notice when it cannot. */
function DownloadButton({ document }: { document: ReferenceDocument }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReference(document);
    } catch (error) {
      notifications.show({ color: 'red', title: `${document.title} could not be downloaded`, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload aria-hidden size={16} />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`Download ${document.title}`}
    >
      Download
    </Button>
  );
}

/**
 * A program's reference documents as a table: title and description, type, size, who added it and
 * when, and a download button; `actions` adds the coordinator's buttons to each row.
 */
export function ReferenceTable({
  documents,
  actions,
}: {
  documents: ReferenceDocument[];
  actions?: (document: ReferenceDocument) => ReactNode;
}) {
  const dates = useAgencyDates();
  return (
    <TableScroll minWidth={640}>
      <Table striped verticalSpacing="sm" aria-label="Reference documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Document</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col">Added</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600}>{document.title}</Text>
                  {document.description ? (
                    <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                      {document.description}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{fileKind(document.content_type)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fileSize(document.size)}</Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {dates.date(document.added_at)} by {document.added_by_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <DownloadButton document={document} />
                  {actions?.(document)}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** /fto/binder/{id}/reference: the manuals, maps and code books of the binder's program. */
export function ReferenceScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const documents = useBinderReference(binderId);
  const name = binder.data?.trainee_name;
  return (
    <FtoPage
      title={name ? `Reference: ${name}` : 'Reference material'}
      description={binder.data ? `Manuals, maps and code books of ${binder.data.program_name}.` : undefined}
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
      ]}
    >
      {documents.isPending ? (
        <LoadingState label="Loading the reference material…" />
      ) : documents.isError ? (
        <ErrorState message={errorMessage(documents.error)} onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <EmptyState title="No reference material for this program yet">
          The field training coordinator adds manuals, maps and code books here.
        </EmptyState>
      ) : (
        <ReferenceTable documents={documents.data} />
      )}
    </FtoPage>
  );
}
