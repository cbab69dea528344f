import { Alert, Anchor, List } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ftoApi, type CreateDorInput } from '../../core/contracts/fto.ts';
import { useWaitingCreates } from '../lib/outbox/waiting-create.ts';

/**
 * The signed-in trainer's DORs of a binder that are on this device only (started without a connection,
 * or refused when sent): the server's lists do not have them yet, so they are named here, each a link to
 * its form.
 */
export function WaitingDors({ binderId }: { binderId: string }) {
  const waiting = useWaitingCreates(ftoApi.createDor, (item) => item.params?.id === binderId);
  if (waiting.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} title="On this device only">
      <List size="sm" spacing={4}>
        {waiting.map((item) => {
          const dorId = (item.body as CreateDorInput).id ?? '';
          return (
            <List.Item key={item.id}>
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/fto/binder/$binder_id/dors/view/$dor_id" params={{ binder_id: binderId, dor_id: dorId }} />
                )}
              >
                {item.summary}
              </Anchor>
              {item.state === 'rejected' ? ': refused by the server, open it to fix it' : ': sent when Precinct reaches the server'}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
