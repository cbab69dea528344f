import { Card, MultiSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../core/contracts/admin.ts';
import { UpdateProductivitySettingsInput, type ProductivitySettings } from '../../core/contracts/productivity.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { ModuleSettingsGate } from '../lib/module-settings-gate.tsx';
import type { SettingsPanelProps } from '../lib/web-modules.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { useProductivitySettings, useUpdateProductivitySettings } from './productivity-calls.ts';
import { PlainForm, refusalOf, SaveButton } from './productivity-ui.tsx';

/** /admin/modules/productivity below the module switch: who may create spaces. */
export function ProductivitySettingsPanel({ moduleEnabled }: SettingsPanelProps) {
  const settings = useProductivitySettings();
  return (
    <ModuleSettingsGate moduleEnabled={moduleEnabled} settings={settings} module="Productivity" holds="who may create spaces">
      {(data) => <SpaceCreatorsForm settings={data} />}
    </ModuleSettingsGate>
  );
}

type Creators = ProductivitySettings['space_creators'];

function SpaceCreatorsForm({ settings }: { settings: ProductivitySettings }) {
  const update = useUpdateProductivitySettings();
  const roles = useQuery({
    queryKey: queryKey(adminApi.listRoles),
    queryFn: ({ signal }) => callEndpoint(adminApi.listRoles, { signal }),
  });
  const [creators, setCreators] = useState<Creators>(settings.space_creators);
  const [roleIds, setRoleIds] = useState<string[]>(settings.creator_role_ids);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = () => {
    const body = { space_creators: creators, creator_role_ids: creators === 'roles' ? roleIds : [] };
    const problems = schemaProblems(UpdateProductivitySettingsInput, body);
    if (creators === 'roles' && roleIds.length === 0) problems.creator_role_ids = 'Choose at least one role';
    setErrors(problems);
    setFormError(null);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    update.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const refusal = refusalOf(error);
        setErrors(refusal.fields);
        setFormError(refusal.message);
      },
    });
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="space-creators-heading">
      <PlainForm onSubmit={save}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="space-creators-heading">
            Who may create spaces
          </Title>
          <FormErrorAlert message={formError} />
          <Radio.Group value={creators} onChange={(value) => setCreators(value as Creators)} error={errors.space_creators}>
            <Stack gap="xs">
              <Radio value="everyone" label="Everyone with access to Productivity" />
              <Radio value="admins" label="Administrators only" />
              <Radio value="roles" label="The holders of chosen roles" />
            </Stack>
          </Radio.Group>
          {creators === 'roles' ? (
            <MultiSelect
              label="Roles that may create spaces"
              searchable
              data={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
              value={roleIds}
              error={errors.creator_role_ids}
              onChange={setRoleIds}
            />
          ) : null}
          <Text fz="sm" c="dimmed">
            Administrators may always create spaces. A space is seen only by its members and administrators.
          </Text>
          <SaveButton label="Save" saving={update.isPending} saved={saved} />
        </Stack>
      </PlainForm>
    </Card>
  );
}
