import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconDownload, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { citationsApi, type CitationSummary } from '../../core/contracts/citations.ts';
import { errorMessage } from '../lib/api-error.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { downloadText } from '../lib/download.ts';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { fetchCourtExport, useCitationsSetup, useMarkFiled } from './citations-calls.ts';
import { CitationsPage, localStamp } from './citations-ui.tsx';
import { citationsInCsv, money } from './stop-model.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

function firstOfMonth(): string {
  return `${new Date().toISOString().slice(0, 8)}01`;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Every issued (not yet filed) citation of the period, all pages: what the export holds. */
function useIssued(from: string, to: string, courtName: string | null) {
  return useQuery({
    queryKey: queryKey(citationsApi.listCitations, 'court', from, to),
    queryFn: async ({ signal }) => {
      const rows: CitationSummary[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const answer = await callEndpoint(citationsApi.listCitations, {
          query: { queue: 'all', status: 'issued', from, to, page, page_size: 200 },
          signal,
        });
        rows.push(...answer.items);
        if (rows.length >= answer.total || answer.items.length === 0) break;
      }
      return rows;
    },
    enabled: Boolean(from && to && from <= to),
    placeholderData: keepPreviousData,
    select: (rows) => (courtName ? rows.filter((row) => row.court_name === courtName) : rows.filter((row) => row.kind !== 'warning')),
  });
}

/**
 * /citations/court: the records clerk's court export. Pick the period and the court, download the CSV
 * (one line per violation), then mark filed exactly the citations the file held.
 */
export function CourtScreen() {
  const setup = useCitationsSetup();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [courtKey, setCourtKey] = useState<string | null>(null);
  const court = setup.data?.courts.find((c) => c.key === courtKey) ?? null;
  const issued = useIssued(from, to, court?.name ?? null);
  const markFiled = useMarkFiled();
  const [exported, setExported] = useState<{ ids: string[]; key: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const selectionKey = `${from}|${to}|${courtKey ?? ''}`;
  const fileHeld = exported?.key === selectionKey ? exported.ids : null;
  const periodProblem = from && to && from > to ? 'The period ends before it starts' : null;

  const download = async () => {
    setProblem(null);
    setDone(null);
    setDownloading(true);
    try {
      const csv = await fetchCourtExport({ from, to, ...(courtKey ? { court_key: courtKey } : {}) });
      downloadText(`court-export-${courtKey ?? 'all'}-${from}-to-${to}.csv`, csv);
      // Exactly the citations the file holds: by id (its citation_id column), else by number among those listed.
      const held = citationsInCsv(csv);
      const rows = issued.data ?? [];
      const ids =
        held?.by === 'id'
          ? [...held.values]
          : rows.filter((row) => !held || (row.number !== null && held.values.has(row.number))).map((row) => row.id);
      setExported({ key: selectionKey, ids });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  const mark = async () => {
    if (!fileHeld?.length) return;
    setProblem(null);
    try {
      const result = await markFiled.mutateAsync(fileHeld);
      setDone(
        `${result.filed} ${result.filed === 1 ? 'citation' : 'citations'} marked filed with court${result.skipped ? `; ${result.skipped} skipped (voided or already filed meanwhile)` : ''}.`,
      );
      setExported(null);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <CitationsPage
      title="Court export"
      description="The issued citations of a period, as the court takes them: one line per violation. Mark them filed once the court has the file."
      breadcrumbs={[{ label: 'Citations', to: '/citations' }]}
    >
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={periodProblem} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Select
            label="Court"
            placeholder={setup.isError ? 'The courts could not be loaded' : 'Every court'}
            data={(setup.data?.courts ?? []).map((c) => ({ value: c.key, label: c.name }))}
            value={courtKey}
            onChange={setCourtKey}
            clearable
            style={{ flex: '0 1 16rem' }}
          />
        </Group>
      </Card>
      {done ? (
        <Alert color="green" role="status" title="Filed">
          {done}
        </Alert>
      ) : null}
      <FormErrorAlert message={problem} />
      {periodProblem ? null : issued.isPending ? (
        <LoadingState label="Finding the issued citations…" />
      ) : issued.isError ? (
        <ErrorState message={errorMessage(issued.error)} onRetry={() => void issued.refetch()} />
      ) : issued.data.length === 0 ? (
        <EmptyState title="Nothing to file">
          No citation issued in this period waits to be filed{court ? ` with ${court.name}` : ''}.
        </EmptyState>
      ) : (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="court-export-list">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="court-export-list">
              {issued.data.length} {issued.data.length === 1 ? 'citation' : 'citations'} to file
            </Title>
            <Group gap="sm" wrap="wrap">
              <Button leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void download()} loading={downloading}>
                Download the CSV
              </Button>
              <Button
                variant={fileHeld ? 'filled' : 'default'}
                color="teal"
                leftSection={<IconGavel size={18} aria-hidden />}
                onClick={() => void mark()}
                loading={markFiled.isPending}
                disabled={!fileHeld?.length}
              >
                {fileHeld ? `Mark these ${fileHeld.length} filed` : 'Mark filed'}
              </Button>
            </Group>
            {!fileHeld ? (
              <Text fz="sm" c="dimmed">
                Download the file first: only the citations it holds are marked filed.
              </Text>
            ) : null}
            <TableScroll minWidth={620} tabIndex={0} aria-label="Citations to file">
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Number</Table.Th>
                    <Table.Th scope="col">Stop</Table.Th>
                    <Table.Th scope="col">Violator</Table.Th>
                    <Table.Th scope="col">Violations</Table.Th>
                    <Table.Th scope="col">Court</Table.Th>
                    <Table.Th scope="col">Fine</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {issued.data.map((row) => (
                    <Table.Tr key={row.id} data-testid="court-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.number}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{localStamp(row.occurred_at)}</Table.Td>
                      <Table.Td>{row.violator_name || '—'}</Table.Td>
                      <Table.Td>{row.codes.join(', ')}</Table.Td>
                      <Table.Td>{row.court_name ?? '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(row.total_fine_cents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Stack>
        </Card>
      )}
    </CitationsPage>
  );
}
