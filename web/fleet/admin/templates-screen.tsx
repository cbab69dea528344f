import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { useFleetSettings } from '../fleet-api.ts';
import { useTemplates } from './list-templates.ts';
import { useSetTemplateRetired } from './retire-template.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** /fleet/admin/squadchecks/configure: the agency's squad-check templates. */
export function TemplatesScreen() {
  const templates = useTemplates();
  const settings = useFleetSettings();
  const retire = useSetTemplateRetired();
  const dates = useAgencyDates();
  const toggle = async (id: string, retired: boolean) => {
    try {
      await retire.mutateAsync({ id, retired });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) });
    }
  };
  return (
    <FleetAdminPage
      title="Squad check templates"
      description="What officers check on each type of vehicle. A vehicle type without a template of its own uses the default set in the fleet settings."
      breadcrumbs={[
        { label: 'Fleet office', to: '/fleet/admin' },
        { label: 'Squad checks', to: '/fleet/admin/squadchecks' },
      ]}
      actions={
        <Button
          leftSection={<IconPlus aria-hidden size={18} />}
          renderRoot={(props) => <Link {...props} to="/fleet/admin/squadchecks/configure/template/create" />}
        >
          New template
        </Button>
      }
    >
      {templates.isPending ? (
        <LoadingState label="Loading templates…" />
      ) : templates.isError ? (
        <ErrorState message={errorMessage(templates.error)} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState title="No templates yet">Build one: its sections, its items, and the vehicle types it applies to.</EmptyState>
      ) : (
        <TableScroll minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Applies to</Table.Th>
                <Table.Th scope="col">Items</Table.Th>
                <Table.Th scope="col">Updated</Table.Th>
                <Table.Th scope="col">
                  <Text span fz="sm" fw={700}>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.data.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Anchor
                      renderRoot={(props) => (
                        <Link
                          {...props}
                          to="/fleet/admin/squadchecks/configure/template/$template_id"
                          params={{ template_id: template.id }}
                        />
                      )}
                      fw={600}
                      fz="sm"
                    >
                      {template.name}
                    </Anchor>
                    {template.retired ? (
                      <Badge ml="xs" variant="light" color="gray" c="var(--mantine-color-text)">
                        Retired
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{template.version_number}</Table.Td>
                  <Table.Td>
                    {template.vehicle_types.length === 0
                      ? 'Every vehicle'
                      : template.vehicle_types.map((type) => labelOf(settings.data?.vehicle_types, type)).join(', ')}
                  </Table.Td>
                  <Table.Td>{template.sections.reduce((count, section) => count + section.items.length, 0)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.date(template.updated_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void toggle(template.id, !template.retired)}
                        aria-label={`${template.retired ? 'Restore' : 'Retire'} ${template.name}`}
                      >
                        {template.retired ? 'Restore' : 'Retire'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </FleetAdminPage>
  );
}
