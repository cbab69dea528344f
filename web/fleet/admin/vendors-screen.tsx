import { Anchor, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { VendorInput, type Vendor } from '../../../core/contracts/fleet-records.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../../lib/form-errors.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { SearchBox } from '../../lib/search-box.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { useSaveVendor, useVendors } from './fleet-records-api.ts';

type VendorValues = { name: string; phone: string; email: string; address: string; account_number: string; notes: string };

const EMPTY: VendorValues = { name: '', phone: '', email: '', address: '', account_number: '', notes: '' };

const valuesOf = (vendor: Vendor | null): VendorValues =>
  vendor
    ? {
        name: vendor.name,
        phone: vendor.phone ?? '',
        email: vendor.email ?? '',
        address: vendor.address ?? '',
        account_number: vendor.account_number ?? '',
        notes: vendor.notes ?? '',
      }
    : EMPTY;

export function VendorStatusBadge({ active }: { active: boolean }) {
  return <StatusBadge color={active ? 'green' : 'gray'}>{active ? 'Active' : 'Retired'}</StatusBadge>;
}

/** Add a vendor, or correct one and retire it (or bring it back); every field checked at once. */
function VendorDialog({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const save = useSaveVendor();
  const [key] = useState(() => crypto.randomUUID());
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const form = useForm<VendorValues>({ initialValues: valuesOf(vendor), validate: (values) => schemaProblems(VendorInput, values) });
  const run = async (change: () => Promise<Vendor>, message: (saved: Vendor) => string) => {
    setFormError(null);
    try {
      const saved = await change();
      notifications.show({ color: 'green', title: 'Saved', message: message(saved) });
      onClose();
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else setFormError(applyServerErrors(form, error));
    }
  };
  const submit = form.onSubmit(
    (values) =>
      void run(
        () =>
          vendor ? save.mutateAsync({ id: vendor.id, version: vendor.version, input: values }) : save.mutateAsync({ input: values, key }),
        (saved) => `${saved.name} is on the vendor list.`,
      ),
    focusFirstProblem(form),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={vendor ? `Vendor ${vendor.name}` : 'Add a vendor'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {stale ? <StaleVersionAlert what="vendor" onReload={onClose} reloading={false} /> : null}
          <FormErrorAlert message={formError} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            <TextInput label="Address" {...form.getInputProps('address')} />
            <TextInput label="Account number" description="The agency’s account with them" {...form.getInputProps('account_number')} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="space-between">
            {vendor ? (
              <Button
                variant="default"
                color={vendor.active ? 'red' : undefined}
                onClick={() =>
                  void run(
                    () => save.mutateAsync({ id: vendor.id, version: vendor.version, input: { active: !vendor.active } }),
                    (saved) => (saved.active ? `${saved.name} is active again.` : `${saved.name} is retired; its records keep its name.`),
                  )
                }
              >
                {vendor.active ? 'Retire the vendor' : 'Bring the vendor back'}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {vendor ? 'Save' : 'Add the vendor'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /fleet/admin/vendors: the shops the office sends work to and buys fuel from; retired, never deleted. */
export function VendorsScreen() {
  const [status, setStatus] = useState<'active' | 'retired' | 'all'>('active');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const vendors = useVendors({ status, page, page_size: 50, ...(q ? { q } : {}) });
  const columns: ListColumn<Vendor>[] = [
    {
      label: 'Name',
      card: 'title',
      cell: (vendor) => (
        <Anchor component="button" type="button" fw={600} fz="sm" onClick={() => setEditing(vendor)} style={{ textAlign: 'left' }}>
          {vendor.name}
        </Anchor>
      ),
    },
    { label: 'Phone', cell: (vendor) => vendor.phone ?? '—' },
    { label: 'E-mail', cell: (vendor) => vendor.email ?? '—', td: { style: { overflowWrap: 'anywhere' } } },
    { label: 'Account', cell: (vendor) => vendor.account_number ?? '—' },
    { label: 'Address', cell: (vendor) => vendor.address ?? '—' },
    { label: 'Status', card: 'status', cell: (vendor) => <VendorStatusBadge active={vendor.active} /> },
  ];
  return (
    <FleetAdminPage
      title="Vendors"
      description="The shops that work on the fleet and sell it fuel. Service requests, work orders and fuel entries name one of them."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
      actions={<Button onClick={() => setEditing('new')}>Add a vendor</Button>}
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Filter vendors">
        <SegmentedControl
          aria-label="Which vendors"
          value={status}
          onChange={(value) => {
            setStatus(value as typeof status);
            setPage(1);
          }}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'retired', label: 'Retired' },
            { value: 'all', label: 'All' },
          ]}
        />
        <SearchBox
          label="Search"
          placeholder="A vendor’s name"
          value={q}
          onSearch={(typed) => {
            setQ(typed);
            setPage(1);
          }}
          style={{ flex: '0 1 16rem' }}
        />
      </Group>
      <ListView
        label="Vendors"
        query={vendors}
        columns={columns}
        rowKey={(vendor) => vendor.id}
        rowTestId="vendor-row"
        loadingLabel="Loading the vendors…"
        empty={
          q || status !== 'active'
            ? { title: 'No vendor matches', children: 'Try another name or show every vendor.' }
            : { title: 'No vendors yet', children: 'Add the shops that work on your cars and sell you fuel.' }
        }
        minWidth={720}
        pager={{ page, pageSize: 50, onPage: setPage }}
      />
      <Text fz="xs" c="dimmed">
        A retired vendor is no longer offered for new work; the records that name it keep its name.
      </Text>
      {editing ? <VendorDialog vendor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </FleetAdminPage>
  );
}
