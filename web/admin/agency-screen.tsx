import {
  Button,
  Card,
  FileButton,
  Group,
  Image,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import { UpdateAgencyInput, type AgencyProfile } from '../../core/contracts/admin.ts';
import { MFA_REQUIREMENTS, effectiveSecurityPolicy } from '../../core/contracts/agency.ts';
import { formatDateTime, listTimeZones } from '../../core/dates.ts';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { isStaleVersion } from '../lib/api.ts';
import { useAgency } from './get-agency.ts';
import { useRemoveLogo } from './remove-logo.ts';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { useUpdateAgency } from './update-agency.ts';
import { logoFileProblem, useUploadLogo } from './upload-logo.ts';

type Mfa = (typeof MFA_REQUIREMENTS)[number];

type AgencyValues = {
  name: string;
  ori: string;
  timezone: string;
  clock: '12h' | '24h';
  address: { street: string; city: string; state: string; postal_code: string };
  security_policy: { mfa_required: Mfa; inactivity_minutes: number | string; min_password_length: number | string; self_unlock: boolean };
};

const MFA_LABELS: Record<Mfa, string> = { none: 'Not required', admins: 'Administrators', everyone: 'Everyone' };

function valuesOf(agency: AgencyProfile): AgencyValues {
  const policy = effectiveSecurityPolicy(agency.security_policy);
  return {
    name: agency.name,
    ori: agency.ori ?? '',
    timezone: agency.timezone,
    clock: agency.clock,
    address: {
      street: agency.address.street ?? '',
      city: agency.address.city ?? '',
      state: agency.address.state ?? '',
      postal_code: agency.address.postal_code ?? '',
    },
    security_policy: { ...policy },
  };
}

/** Only the parts the admin changed go to the server (each is audited as its own change). */
export function agencyChanges(before: AgencyValues, after: AgencyValues): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AgencyValues)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changes[key] = after[key];
  }
  return changes;
}

function LogoCard({ agency, onChanged }: { agency: AgencyProfile; onChanged: (agency: AgencyProfile) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo(setProgress);
  const remove = useRemoveLogo();

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const wrong = logoFileProblem(file);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (updated) => {
        onChanged(updated);
        notifications.show({ color: 'green', title: 'Logo saved', message: 'The new logo shows on sign-in and across the app.' });
      },
      onError: (error) => setProblem(errorMessage(error)),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="agency-logo">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="agency-logo">
          Logo
        </Title>
        <Group gap="md" align="center">
          {agency.logo_url ? (
            <Image
              src={agency.logo_url}
              alt={`${agency.name} logo`}
              h={96}
              w={96}
              fit="contain"
              radius="md"
              bd="1px solid var(--mantine-color-default-border)"
            />
          ) : (
            <Text fz="sm" c="dimmed">
              No logo yet.
            </Text>
          )}
          <Stack gap="xs">
            <Group gap="xs">
              <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhotoUp aria-hidden size={18} />} loading={upload.isPending}>
                    {agency.logo_url ? 'Replace logo' : 'Upload logo'}
                  </Button>
                )}
              </FileButton>
              {agency.logo_url ? (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash aria-hidden size={18} />}
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: (updated) => {
                        onChanged(updated);
                        notifications.show({ color: 'green', title: 'Logo removed', message: 'Precinct’s own mark shows instead.' });
                      },
                      onError: (error) => setProblem(errorMessage(error)),
                    })
                  }
                >
                  Remove
                </Button>
              ) : null}
            </Group>
            <Text fz="xs" c="dimmed">
              PNG, JPEG or WebP, 2 MB at most. A square image works best.
            </Text>
          </Stack>
        </Group>
        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={progress} aria-label="Upload progress" size="md" animated={progress < 100} />
            <Text fz="xs" c="dimmed" role="status">
              Uploading… {progress}%
            </Text>
          </Stack>
        ) : null}
        {problem ? (
          <Text fz="sm" c="red.8" role="alert" className="precinct-field-error">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function AgencyForm({ agency, onReload, reloading }: { agency: AgencyProfile; onReload: () => Promise<unknown>; reloading: boolean }) {
  const update = useUpdateAgency();
  const timeZones = useMemo(() => listTimeZones(), []);
  const [saved, setSaved] = useState<{ version: number; values: AgencyValues }>({ version: agency.version, values: valuesOf(agency) });
  const [stale, setStale] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AgencyValues>({ initialValues: valuesOf(agency), validate: zod4Resolver(UpdateAgencyInput) });

  if (agency.version !== saved.version && !stale) {
    // A newer version arrived: after this admin's save, after "load the current version", or from the logo.
    // While the admin has unsaved changes nothing is replaced: their save then meets the 412.
    if (!form.isDirty()) {
      const values = valuesOf(agency);
      setSaved({ version: agency.version, values });
      form.setValues(values);
      form.resetDirty(values);
    }
  }

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const changes = agencyChanges(saved.values, values);
    if (Object.keys(changes).length === 0) return;
    try {
      const input = UpdateAgencyInput.parse(changes);
      const updated = await update.mutateAsync({ input, version: saved.version });
      const fresh = valuesOf(updated);
      setSaved({ version: updated.version, values: fresh });
      form.setValues(fresh);
      form.resetDirty(fresh);
      notifications.show({ color: 'green', title: 'Saved', message: 'The agency profile was updated.' });
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else setFormError(applyServerErrors(form, error));
    }
  });

  const reloadTheirs = async () => {
    const result = (await onReload()) as { data?: AgencyProfile } | undefined;
    setStale(false);
    const fresh = result?.data;
    if (fresh) {
      const values = valuesOf(fresh);
      setSaved({ version: fresh.version, values });
      form.setValues(values);
      form.resetDirty(values);
    }
  };

  /** The logo is saved on its own; it moves the version on without touching what is typed here. */
  const logoChanged = (updated: AgencyProfile) => setSaved((current) => ({ version: updated.version, values: current.values }));

  const timezone = form.getValues().timezone;
  const clock = form.getValues().clock;
  const sample = timeZones.includes(timezone) ? formatDateTime(new Date(), { timeZone: timezone, clock }) : '';

  return (
    <form onSubmit={submit} noValidate aria-label="Agency profile">
      <Stack gap="md">
        {stale ? <StaleVersionAlert what="agency profile" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
        <FormErrorAlert message={formError} />
        <LogoCard agency={agency} onChanged={logoChanged} />
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="agency-identity">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="agency-identity">
              Agency
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Agency name" required {...form.getInputProps('name')} />
              <TextInput
                label="ORI"
                description="9 characters: the state’s two letters, then 7 letters or digits."
                maxLength={9}
                autoCapitalize="characters"
                {...form.getInputProps('ori')}
              />
            </SimpleGrid>
            <TextInput label="Street" autoComplete="street-address" {...form.getInputProps('address.street')} />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('address.city')} />
              <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('address.state')} />
              <TextInput label="Postal code" autoComplete="postal-code" {...form.getInputProps('address.postal_code')} />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="agency-time">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="agency-time">
              Date and time
            </Title>
            <Select
              label="Timezone"
              description="Every date and time in Precinct is shown in this zone, daylight saving included."
              data={timeZones}
              searchable
              allowDeselect={false}
              limit={50}
              nothingFoundMessage="No timezone matches"
              {...form.getInputProps('timezone')}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="agency-clock-label">
                Clock
              </Text>
              <SegmentedControl
                aria-labelledby="agency-clock-label"
                data={[
                  { value: '12h', label: '12-hour (2:05 PM)' },
                  { value: '24h', label: '24-hour (14:05)' },
                ]}
                {...form.getInputProps('clock')}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
            {sample ? (
              <Text fz="sm" c="dimmed">
                Now, as Precinct will show it: {sample}
              </Text>
            ) : null}
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="agency-security">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="agency-security">
              Sign-in security
            </Title>
            <Select
              label="Require a second sign-in factor (MFA) for"
              description="CJIS asks for MFA wherever criminal justice information is reached from outside a secure location."
              data={MFA_REQUIREMENTS.map((value) => ({ value, label: MFA_LABELS[value] }))}
              allowDeselect={false}
              {...form.getInputProps('security_policy.mfa_required')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label="Sign out after inactivity (minutes)"
                description="1 to 30; CJIS allows 30 at most."
                min={1}
                max={30}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('security_policy.inactivity_minutes')}
              />
              <NumberInput
                label="Minimum password length"
                description="8 to 64 characters."
                min={8}
                max={64}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('security_policy.min_password_length')}
              />
            </SimpleGrid>
            <Switch
              label="People may unlock their own account by an e-mailed link"
              description="After 5 failed sign-ins an account locks. Off: only an administrator can unlock it."
              {...form.getInputProps('security_policy.self_unlock', { type: 'checkbox' })}
            />
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save agency profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/modules/agency: the agency's name, ORI, address, logo, timezone, clock and security policy. */
export function AgencyScreen() {
  const agency = useAgency();
  return (
    <AdminPage
      title="Agency profile"
      description="Who your agency is, how Precinct shows dates and times, and the sign-in rules for everyone."
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Modules', to: '/admin/modules' },
      ]}
    >
      {agency.isPending ? (
        <LoadingState label="Loading the agency profile…" />
      ) : agency.isError ? (
        <ErrorState message={errorMessage(agency.error)} onRetry={() => void agency.refetch()} />
      ) : (
        <AgencyForm agency={agency.data} onReload={() => agency.refetch()} reloading={agency.isFetching} />
      )}
    </AdminPage>
  );
}
