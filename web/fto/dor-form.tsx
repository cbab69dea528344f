import { Alert, Button, Card, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  DorContent as DorContentSchema,
  programCategories,
  SHIFT_LABELS,
  SHIFTS,
  type Category,
  type Dor,
  type DorContent,
} from '../../core/contracts/fto.ts';
import { COMMENT_REQUIRED, dorCompletionProblems, RATING_LABELS, RATINGS, remedialMinutes, type Rating } from '../../core/fto/ratings.ts';
import { isStaleVersion } from '../lib/api.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { deviceCopyKey } from '../lib/device-copy.ts';
import { restoredCopy, saveStatusText, useServerDraft } from '../lib/server-draft.ts';
import { useAuthState } from '../lib/session/session.ts';
import { FormErrorAlert } from '../ui/states.tsx';

/** Every category of the program present in the form (unrated ones as null), so each field has a path for its error. */
export function formContent(dor: Pick<Dor, 'content' | 'category_groups'>): DorContent {
  const ratings: DorContent['ratings'] = {};
  for (const category of programCategories({ category_groups: dor.category_groups }))
    ratings[category.key] = dor.content.ratings[category.key] ?? { rating: null, comment: '', remedial_minutes: null };
  return { ...dor.content, ratings };
}

/** What the server keeps: unrated categories with nothing typed are left out of the draft. */
function toSend(values: DorContent): DorContent {
  const ratings = Object.fromEntries(Object.entries(values.ratings).filter(([, entry]) => entry.rating || entry.comment.trim()));
  return { ...values, ratings };
}

function Guideline({ category }: { category: Category }) {
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Standard Evaluation Guideline</summary>
      <Stack gap={4} mt={4}>
        <Text fz="sm">
          <b>1 Unacceptable:</b> {category.guideline.unacceptable}
        </Text>
        <Text fz="sm">
          <b>4 Acceptable:</b> {category.guideline.acceptable}
        </Text>
        <Text fz="sm">
          <b>7 Superior:</b> {category.guideline.superior}
        </Text>
      </Stack>
    </details>
  );
}

type Form = ReturnType<typeof useForm<DorContent>>;

function CategoryField({ form, category }: { form: Form; category: Category }) {
  const path = `ratings.${category.key}` as const;
  const rating = form.getValues().ratings[category.key]?.rating ?? null;
  return (
    <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-category={category.key}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} fz="sm" style={{ flex: '1 1 200px' }} id={`${category.key}-label`}>
          {category.label}
        </Text>
        <NativeSelect
          aria-label={`Rating: ${category.label}`}
          data={[{ value: '', label: 'Not rated' }, ...RATINGS.map((r) => ({ value: r, label: RATING_LABELS[r] }))]}
          {...form.getInputProps(`${path}.rating`)}
          value={rating ?? ''}
          onChange={(event) => form.setFieldValue(`${path}.rating`, (event.currentTarget.value || null) as Rating | null)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Guideline category={category} />
      {rating && (COMMENT_REQUIRED.has(rating) || form.getValues().ratings[category.key]?.comment) ? (
        <Textarea
          label={`Comment on ${category.label}`}
          required={COMMENT_REQUIRED.has(rating)}
          autosize
          minRows={2}
          {...form.getInputProps(`${path}.comment`)}
        />
      ) : rating ? (
        <TextInput label={`Comment on ${category.label} (optional)`} {...form.getInputProps(`${path}.comment`)} />
      ) : null}
      {rating === 'REM' ? (
        <NumberInput
          label="Remedial training (minutes)"
          required
          min={0}
          max={600}
          inputMode="numeric"
          allowDecimal={false}
          maw={240}
          {...form.getInputProps(`${path}.remedial_minutes`)}
          onChange={(value) => form.setFieldValue(`${path}.remedial_minutes`, typeof value === 'number' ? value : null)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The trainer's DOR while it is a draft: rated category by category with the guideline beside each,
 * saved on the server a moment after each change (and when leaving), completed when every category is
 * rated and each required comment given; refusals stand beside their fields.
 */
export function DorForm(props: {
  dor: Dor;
  /** Autosave of a draft; without it (an amendment) nothing is saved until the form is sent. */
  onSave?: (content: DorContent, version: number) => Promise<Dor>;
  onComplete: (content: DorContent, version: number, reason: string) => Promise<Dor>;
  /** An amendment of an approved DOR: asks why, and sends it as a new revision. */
  amend?: { onCancel: () => void };
  /**
   * A DOR not on the server yet (it waits in the outbox): saving and completing keep it there, so the
   * copy on the device stays until the server has it; `fields` are a refusal's messages when it was sent.
   */
  waiting?: { fields: Record<string, string> };
}) {
  const { dor } = props;
  const { session } = useAuthState();
  // What was typed here and not yet saved on the server (a reload, a closed tab, no connection) comes back.
  const copyKey = deviceCopyKey(session?.user.id ?? 'signed-out', 'fto.dor', dor.id);
  const [restored] = useState(() =>
    props.amend
      ? null
      : restoredCopy(
          copyKey,
          DorContentSchema,
          { version: dor.version, values: formContent(dor) },
          (a, b) => JSON.stringify(toSend(a)) === JSON.stringify(toSend(b)),
        ),
  );
  const form = useForm<DorContent>({
    mode: 'controlled',
    initialValues: restored ? formContent({ ...dor, content: restored.values }) : formContent(dor),
    initialErrors: props.waiting?.fields ?? {},
  });
  const onDevice = Boolean(props.waiting);
  const [error, setError] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const categories = programCategories({ category_groups: dor.category_groups });
  const values = form.getValues();

  const draft = useServerDraft({
    copyKey,
    version: dor.version,
    values,
    getValues: () => form.getValues(),
    toSend,
    onSave: props.onSave,
    restored,
    onDevice,
    what: 'DOR',
  });

  const complete = async () => {
    setError(null);
    form.clearErrors();
    const content = toSend(form.getValues());
    const problems = dorCompletionProblems(categories, form.getValues().ratings, content);
    if (Object.keys(problems).length) {
      form.setErrors(problems);
      setError(`The DOR is not complete: ${Object.keys(problems).length} fields need your attention.`);
      document.querySelector<HTMLElement>(`[data-path="${Object.keys(problems)[0]}"], [aria-invalid="true"]`)?.focus();
      return;
    }
    if (props.amend && !reason.trim()) {
      setReasonError('Say why the DOR is amended: it is kept with the earlier revision');
      return;
    }
    setCompleting(true);
    try {
      await draft.send(() => props.onComplete(toSend(form.getValues()), draft.version.current, reason));
    } catch (failure) {
      if (isStaleVersion(failure))
        setError('Someone else changed this DOR meanwhile. Reload it; what you typed is still here until you do.');
      else setError(applyServerErrors(form, failure));
    } finally {
      setCompleting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void complete();
      }}
      noValidate
    >
      <Stack gap="md">
        {restored ? (
          <Alert color="blue" title="Restored from this device">
            What you typed here at {new Date(restored.changed_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })} had not
            reached the server; it is back in the form and is being saved.
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dor-shift">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="dor-shift">
              Shift and activity
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput type="date" label="Shift date" required {...form.getInputProps('shift_date')} />
              <NativeSelect
                label="Shift"
                data={SHIFTS.map((s) => ({ value: s, label: SHIFT_LABELS[s] }))}
                {...form.getInputProps('shift')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {(
                [
                  ['calls_handled', 'Calls handled'],
                  ['self_initiated', 'Self-initiated'],
                  ['reports_written', 'Reports written'],
                  ['arrests', 'Arrests'],
                ] as const
              ).map(([key, label]) => (
                <NumberInput
                  key={key}
                  label={label}
                  min={0}
                  max={200}
                  allowDecimal={false}
                  inputMode="numeric"
                  {...form.getInputProps(`activity.${key}`)}
                  onChange={(value) => form.setFieldValue(`activity.${key}`, typeof value === 'number' ? value : 0)}
                />
              ))}
            </SimpleGrid>
            <Textarea label="Activity notes" autosize minRows={2} {...form.getInputProps('activity.notes')} />
          </Stack>
        </Card>
        {dor.category_groups.map((group) => (
          <Card key={group.key} withBorder radius="md" padding="md" component="section" aria-labelledby={`group-${group.key}`}>
            <Title order={2} fz="lg" id={`group-${group.key}`}>
              {group.label}
            </Title>
            {group.categories.map((category) => (
              <CategoryField key={category.key} form={form} category={category} />
            ))}
          </Card>
        ))}
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dor-narratives">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="dor-narratives">
              Narratives
            </Title>
            <Textarea label="Most satisfactory performance" required autosize minRows={3} {...form.getInputProps('most_satisfactory')} />
            <Textarea
              label="Least satisfactory performance"
              description="Required when a category is rated below acceptable (1-3, N.R.T. or REM)"
              autosize
              minRows={3}
              {...form.getInputProps('least_satisfactory')}
            />
            <Text fz="sm">Remedial training this shift: {remedialMinutes(values.ratings)} minutes.</Text>
          </Stack>
        </Card>
        {props.amend ? (
          <Textarea
            label="Why is the DOR amended?"
            description="Kept with the earlier revision, shown to the trainee and in the audit log"
            required
            autosize
            minRows={2}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
        ) : null}
        <FormErrorAlert message={error} />
        <Group justify="space-between" gap="sm" wrap="wrap" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)">
          <Text fz="sm" role="status" aria-live="polite">
            {props.amend
              ? 'The earlier revision is kept; the trainee is told of the amendment.'
              : saveStatusText(draft.saveState, onDevice)}
          </Text>
          {props.amend ? (
            <Group gap="sm">
              <Button variant="default" onClick={props.amend.onCancel}>
                Cancel the amendment
              </Button>
              <Button type="submit" loading={completing}>
                Save the amendment
              </Button>
            </Group>
          ) : (
            <Group gap="sm">
              <Button variant="default" onClick={() => void draft.saveNow()} disabled={draft.saveState.kind === 'saving'}>
                Save draft
              </Button>
              <Button type="submit" loading={completing}>
                {onDevice ? 'Complete (sent when back online)' : 'Complete and send to the trainee'}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}
