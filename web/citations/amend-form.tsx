import { ActionIcon, Button, Card, Group, NativeSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { AmendCitationInput, Citation, CitationsSetup, Statute } from '../../core/contracts/citations.ts';
import { stopProblems } from '../../core/citations/citation-rules.ts';
import { US_STATES } from '../../core/vehicles.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { isStaleVersion } from '../lib/api.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { agencyNow, amendProblems, fieldId, ruleContext, statuteLabel, wholeNumberOrNull } from './stop-model.ts';

const STATE_OPTIONS = [{ value: '', label: 'State…' }, ...US_STATES.map((state) => ({ value: state, label: state }))];

/** An issued citation's content as the amendment starts from it. */
function amendValues(citation: Citation): AmendCitationInput {
  const { content } = citation;
  return {
    reason: '',
    occurred_at: content.occurred_at.slice(0, 16),
    location: content.location,
    person: content.person,
    vehicle: content.vehicle,
    violations: content.violations.map((v) => ({ statute_id: v.statute_id, speed: v.speed, posted_limit: v.posted_limit })),
    court_key: content.court_key ?? '',
    appearance_date: content.appearance_date ?? '',
    officer_notes: content.officer_notes,
  };
}

/**
 * An amendment of an issued citation: its facts as they stand, changed and re-checked (every rule,
 * here and on the server), with the reason; the earlier revision is kept and the audit log names who.
 */
export function AmendForm(props: {
  citation: Citation;
  setup: CitationsSetup;
  statutes: readonly Statute[];
  onAmend: (input: AmendCitationInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { citation, setup, statutes } = props;
  const { timeZone } = useAgencyDates();
  const form = useForm<AmendCitationInput>({ mode: 'controlled', initialValues: amendValues(citation) });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = form.getValues();
  const at = (path: string) => ({ ...form.getInputProps(path), id: fieldId(`amend.${path}`), 'data-path': path });
  const byId = new Map(statutes.map((s) => [s.id, s]));
  const usable = statutes.filter((s) => s.kinds.includes(citation.kind));
  const submit = async () => {
    setError(null);
    form.clearErrors();
    const input = form.getValues();
    const problems = amendProblems(input, citation.kind, (stop) =>
      stopProblems(stop, ruleContext(setup, statutes, agencyNow(timeZone).slice(0, 10))),
    );
    if (!input.reason.trim()) problems.reason = 'Say why the citation is amended';
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems);
      setError(`${Object.keys(problems).length} ${Object.keys(problems).length === 1 ? 'field needs' : 'fields need'} fixing.`);
      return;
    }
    setBusy(true);
    try {
      await props.onAmend(input);
    } catch (failure) {
      setError(isStaleVersion(failure) ? 'Someone changed this citation meanwhile: reload it.' : applyServerErrors(form, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="amend-heading">
      <form
        noValidate

        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="amend-heading">
            Amend {citation.number}
          </Title>
          <Text fz="sm">The earlier revision is kept, and the amendment is checked again as at issue.</Text>
          <Textarea label="Why it is amended" required autosize minRows={2} {...at('reason')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="datetime-local" label="Date and time" {...at('occurred_at')} />
            <TextInput label="Location" {...at('location')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Last name" {...at('person.last_name')} />
            <TextInput label="First name" {...at('person.first_name')} />
            <TextInput label="Date of birth" type="date" {...at('person.date_of_birth')} />
            <TextInput label="Address" {...at('person.address')} />
            <TextInput label="Licence number" {...at('person.licence_number')} />
            <NativeSelect label="Licence state" data={STATE_OPTIONS} {...at('person.licence_state')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <TextInput label="Plate" {...at('vehicle.plate')} />
            <NativeSelect label="Plate state" data={STATE_OPTIONS} {...at('vehicle.plate_state')} />
            <TextInput label="VIN" maxLength={17} {...at('vehicle.vin')} />
          </SimpleGrid>
          <Text fw={600} fz="sm">
            Violations
          </Text>
          {form.errors.violations ? (
            <Text c="var(--mantine-color-error)" fz="sm" role="alert">
              {form.errors.violations}
            </Text>
          ) : null}
          {values.violations.map((violation, v) => (
            <Stack key={v} gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  label={`Violation ${v + 1}`}
                  searchable
                  data={usable.map((s) => ({ value: s.id, label: statuteLabel(s) }))}
                  {...at(`violations.${v}.statute_id`)}
                  value={violation.statute_id || null}
                  onChange={(value) => form.setFieldValue(`violations.${v}.statute_id`, value ?? '')}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
                  aria-label={`Remove violation ${v + 1}`}
                  onClick={() => form.removeListItem('violations', v)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
              {byId.get(violation.statute_id)?.speeding ? (
                <SimpleGrid cols={2} spacing="sm">
                  <TextInput
                    label="Speed (mph)"
                    inputMode="numeric"
                    {...at(`violations.${v}.speed`)}
                    value={violation.speed === null ? '' : String(violation.speed)}
                    onChange={(e) => form.setFieldValue(`violations.${v}.speed`, wholeNumberOrNull(e.currentTarget.value))}
                  />
                  <TextInput
                    label="Posted limit (mph)"
                    inputMode="numeric"
                    {...at(`violations.${v}.posted_limit`)}
                    value={violation.posted_limit === null ? '' : String(violation.posted_limit)}
                    onChange={(e) => form.setFieldValue(`violations.${v}.posted_limit`, wholeNumberOrNull(e.currentTarget.value))}
                  />
                </SimpleGrid>
              ) : null}
            </Stack>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem('violations', { statute_id: '', speed: null, posted_limit: null })}
            >
              Add a violation
            </Button>
          </Group>
          {citation.kind !== 'warning' ? (
            <NativeSelect
              label="Court"
              data={[{ value: '', label: 'The court for this kind' }, ...setup.courts.map((c) => ({ value: c.key, label: c.name }))]}
              {...at('court_key')}
            />
          ) : null}
          <Textarea
            label="Officer-only notes"
            description="Never printed on the violator’s copy."
            autosize
            minRows={2}
            {...at('officer_notes')}
          />
          <FormErrorAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save the amendment
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
