import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SHIFT_LABELS } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { DorView } from './dor-view.tsx';
import { useDor } from './fto-calls.ts';
import { calendarDate } from './fto-ui.tsx';

/** /fto/binder/{binder}/dors/print/{dor} (empty layout): the DOR on one or two printed pages, with its signatures. */
export function DorPrintScreen() {
  const { dor_id: id = '' } = useParams({ strict: false });
  const dor = useDor(id);
  usePageTitle(dor.data ? `DOR #${dor.data.number} ${dor.data.trainee_name}` : 'Daily observation report');
  const ready = dor.isSuccess;
  useEffect(() => {
    if (ready) document.documentElement.dataset.printReady = 'true';
  }, [ready]);
  return (
    <Box p="md" maw={900} mx="auto" className="fto-print">
      <style>
        {
          '@media print { .no-print { display: none !important; } .fto-print { padding: 0 !important; font-size: 10pt; } @page { margin: 12mm; } }'
        }
      </style>
      {dor.isPending ? (
        <LoadingState label="Loading the DOR…" />
      ) : dor.isError ? (
        <ErrorState message={errorMessage(dor.error)} onRetry={() => void dor.refetch()} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" className="no-print">
            <Text fz="sm">Print this page, or save it as a PDF from the print dialog.</Text>
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
          <Title order={1} fz="xl">
            Daily observation report #{dor.data.number}
          </Title>
          <Text fz="sm">
            Trainee {dor.data.trainee_name} · {dor.data.phase_name} · {calendarDate(dor.data.shift_date)} {SHIFT_LABELS[dor.data.shift]}{' '}
            shift · revision {dor.data.revision}
          </Text>
          <DorView dor={dor.data} compact />
        </Stack>
      )}
    </Box>
  );
}
