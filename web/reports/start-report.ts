import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { CreateReportInput } from '../../core/contracts/reports.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useCreateReport } from './reports-calls.ts';

/**
 * Starting a report from any of its doors (New report, a template, a guided template): it opens at once,
 * on the server's draft, or without a connection on the device's, which waits in the outbox.
 */
export function useStartReport() {
  const create = useCreateReport();
  const navigate = useNavigate();
  const start = async (input: Omit<CreateReportInput, 'id'>, typeLabel: string) => {
    try {
      const { id, outcome } = await create.mutateAsync({ input, key: crypto.randomUUID(), summary: `${typeLabel} report` });
      await navigate({ to: '/reports/$report_id', params: { report_id: id } });
      if (outcome.kind === 'queued')
        notifications.show({
          color: 'blue',
          title: 'Started on this device',
          message: 'There is no connection: the report waits in the outbox and reaches the server when Precinct does. Write it meanwhile.',
        });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The report could not be started', message: errorMessage(error) });
    }
  };
  return { start, starting: create.isPending };
}
