import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReportsSettings, ReportType } from '../../../core/contracts/reports.ts';
import { formatCaseNumber } from '../../../core/reports/report-rules.ts';
import { errorMessage, isApiError, type ApiError } from '../../lib/api-error.ts';
import { useRoles } from '../../lib/roles.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useReportsSettings, useTemplates, useUpdateReportsSettings } from '../reports-calls.ts';
import { useAiStatus } from '../transcript-calls.ts';
import { ModuleSettingsGate } from '../../lib/module-settings-gate.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** A key from a label: "Traffic crash" -> traffic_crash. */
function keyOf(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'type'
  );
}

function SettingsEditor({ settings }: { settings: ReportsSettings }) {
  const update = useUpdateReportsSettings();
  const roles = useRoles();
  const templates = useTemplates();
  const [format, setFormat] = useState(settings.case_number_format);
  const [types, setTypes] = useState<ReportType[]>(settings.types);
  const [reviewerRole, setReviewerRole] = useState(settings.reviewer_role_id);
  const [acknowledgement, setAcknowledgement] = useState(settings.acknowledgement_text);
  const [aiTypes, setAiTypes] = useState(settings.ai_type_keys);
  const ai = useAiStatus();
  const [error, setError] = useState<ApiError | Error | null>(null);
  const fieldError = (field: string) => (isApiError(error) ? error.fields[field] : undefined);
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const shownRole = roles.data && reviewerRole && !roleOptions.some((o) => o.value === reviewerRole) ? null : reviewerRole;
  const templateOptions = (templates.data ?? [])
    .filter((t) => t.scope === 'agency' && !t.retired)
    .map((t) => ({ value: t.id, label: t.name }));
  const preview = /\{N{3,}\}/.test(format) ? formatCaseNumber(format, new Date().getFullYear(), 123) : null;
  const setType = (index: number, change: Partial<ReportType>) =>
    setTypes((all) => all.map((type, i) => (i === index ? { ...type, ...change } : type)));
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        case_number_format: format,
        types,
        reviewer_role_id: shownRole,
        acknowledgement_text: acknowledgement,
        ai_type_keys: aiTypes.filter((key) => types.some((type) => type.key === key)),
      });
      notifications.show({ color: 'green', title: 'Saved', message: 'The reports settings are saved.' });
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(errorMessage(failure)));
    }
  };
  const shownFields = ['case_number_format', 'reviewer_role_id', 'acknowledgement_text', 'types', 'ai_type_keys'];
  const otherError = error && !(isApiError(error) && Object.keys(error.fields).some((f) => shownFields.some((s) => f.startsWith(s))));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reports-settings-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="reports-settings-heading">
          Reports settings
        </Title>
        <TextInput
          label="Case number format"
          description={`{YYYY} is the year, {NNNNNN} the agency’s counter padded to as many digits. ${preview ? `Next case reads like ${preview}.` : ''}`}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value)}
          error={fieldError('case_number_format')}
          maw={480}
        />
        <Select
          label="Who reviews reports"
          description="Members of this role approve or return the reports others submit; without one, only administrators do. Nobody reviews their own."
          data={roleOptions}
          value={shownRole}
          onChange={setReviewerRole}
          searchable
          clearable
          disabled={roles.isPending}
          placeholder={roles.isError ? 'The roles could not be loaded' : 'Administrators only'}
          error={fieldError('reviewer_role_id') ?? (roles.isError ? errorMessage(roles.error) : undefined)}
          maw={480}
        />
        <Stack gap={6}>
          <Text fw={600} fz="sm" id="report-types-label">
            Report types and the template each starts from
          </Text>
          <TableScroll minWidth={560}>
            <Table aria-labelledby="report-types-label" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Template</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <TextInput
                        aria-label={`Name of type ${index + 1}`}
                        value={type.label}
                        onChange={(e) => setType(index, { label: e.currentTarget.value })}
                        error={fieldError(`types.${index}.label`) ?? fieldError(`types.${index}.key`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Template of ${type.label || `type ${index + 1}`}`}
                        data={templateOptions}
                        value={type.template_id}
                        onChange={(value) => setType(index, { template_id: value })}
                        clearable
                        placeholder="The general form"
                        error={fieldError(`types.${index}.template_id`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove the type ${type.label}`}
                        disabled={types.length === 1}
                        onClick={() => setTypes((all) => all.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setTypes((all) => [...all, { key: `type_${all.length + 1}`, label: '', template_id: null }])}
            >
              Add a type
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            A type’s key is made from its first name and kept when it is renamed, so existing reports keep their type.
          </Text>
        </Stack>
        <Checkbox.Group
          label="Report types officers may draft from a transcript with AI"
          description={
            ai.data && !ai.data.configured
              ? 'Drafting is not set up on this server yet (the operator sets AI_BASE_URL and AI_MODEL); what you choose here applies once it is.'
              : 'None chosen: drafting from a transcript is off for the agency. A type added above can be chosen once it is saved.'
          }
          value={aiTypes}
          onChange={setAiTypes}
          error={fieldError('ai_type_keys')}
        >
          <Group gap="md" mt={6}>
            {settings.types
              .filter((saved) => types.some((type) => type.key === saved.key))
              .map((type) => (
                <Checkbox key={type.key} value={type.key} label={types.find((t) => t.key === type.key)?.label || type.label} />
              ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="Acknowledgement before using an AI-drafted narrative"
          description="The officer types their name under this text before the draft goes into their report"
          autosize
          minRows={2}
          value={acknowledgement}
          onChange={(e) => setAcknowledgement(e.currentTarget.value)}
          error={fieldError('acknowledgement_text')}
        />
        <FormErrorAlert message={otherError ? errorMessage(error) : null} />
        <Group justify="flex-end">
          <Button
            onClick={() => {
              setTypes((all) =>
                all.map((type) => (type.key.startsWith('type_') && type.label ? { ...type, key: keyOf(type.label) } : type)),
              );
              void save();
            }}
            loading={update.isPending}
          >
            Save the settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/modules/reports below the module switch: case numbers, report types, reviewers, AI drafting and its acknowledgement. */
export function ReportsSettingsPanel({ moduleEnabled }: { moduleEnabled?: boolean | undefined }) {
  const settings = useReportsSettings();
  return (
    <ModuleSettingsGate moduleEnabled={moduleEnabled} settings={settings} module="Reports" holds="case numbers, report types and reviewers">
      {(data) => <SettingsEditor settings={data} />}
    </ModuleSettingsGate>
  );
}
