import { Badge, Button, Group, NumberInput, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import type { Answer, TemplateItem } from '../../core/contracts/fleet.ts';
import { answerFails, noteRequiredOnFail } from '../../core/fleet/squad-check-rules.ts';
import { PhotoField } from './photo-field.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { rangeLabel } from './squad-check-answers.ts';
import { wholeNumberKeyboard } from '../ui/whole-number-keyboard.ts';

type ItemProps = {
  item: TemplateItem;
  answer: Answer | undefined;
  problem: string | null;
  onChange: (patch: Partial<Answer>) => void;
};

/** A row of big toggle buttons (pass/fail, a choice's options): each says whether it is chosen. */
function ToggleButtons(props: {
  labelId: string;
  describedBy: string | undefined;
  options: { value: string; label: string; tone?: 'pass' | 'fail' }[];
  value: string | null;
  onChoose: (value: string) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-labelledby={props.labelId} aria-describedby={props.describedBy} grow preventGrowOverflow={false}>
      {props.options.map((option) => {
        const chosen = props.value === option.value;
        // Green and red dark enough for white text at 4.5:1 in both themes (the theme's shade 8 green is not).
        const color = option.tone === 'fail' ? 'red.9' : option.tone === 'pass' ? '#1e7b34' : 'blue';
        return (
          <Button
            key={option.value}
            size="lg"
            miw={96}
            variant={chosen ? 'filled' : 'default'}
            color={chosen ? color : undefined}
            aria-pressed={chosen}
            onClick={() => props.onChoose(option.value)}
            leftSection={
              option.tone === 'pass' ? (
                <IconCheck aria-hidden size={20} />
              ) : option.tone === 'fail' ? (
                <IconX aria-hidden size={20} />
              ) : undefined
            }
            styles={{
              root: { height: 'auto', minHeight: 56, paddingBlock: 8 },
              label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' },
            }}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * Keeps our aria-invalid and aria-describedby (help, range, problem) on Mantine's inputs: by default
 * InputBase writes its own over them (its description's id alone, or nothing), so the problem the
 * server or the rules found was not read out with the field. `withAria` is InputBase's own prop
 * (default true), passed through by NumberInput and Textarea but left out of their types.
 */
const OWN_ARIA: object = { withAria: false };

/** One item of the squad check, with its input for the item's kind, its note on failure, N/A with a reason, and its problem. */
export function SquadCheckItem({ item, answer, problem, onChange }: ItemProps) {
  const labelId = useId();
  const problemId = useId();
  const helpId = useId();
  const rangeId = useId();
  const value = answer?.value ?? null;
  const na = value === 'na';
  const fails = answerFails(item, answer);
  const range = item.kind === 'number' ? rangeLabel(item) : null;
  const describedBy =
    [item.help ? helpId : null, range ? rangeId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  const required = item.required !== false;

  let input: ReactNode = null;
  if (!na)
    switch (item.kind) {
      case 'pass_fail':
        input = (
          <ToggleButtons
            labelId={labelId}
            describedBy={describedBy}
            value={typeof value === 'string' ? value : null}
            onChoose={(chosen) => onChange({ value: chosen })}
            options={[
              { value: 'pass', label: 'Pass', tone: 'pass' },
              { value: 'fail', label: 'Fail', tone: 'fail' },
            ]}
          />
        );
        break;
      case 'choice':
        input = (
          <ToggleButtons
            labelId={labelId}
            describedBy={describedBy}
            value={typeof value === 'string' ? value : null}
            onChoose={(chosen) => onChange({ value: chosen })}
            options={(item.options ?? []).map((option) => ({
              value: option,
              label: option,
              tone: item.failing_options?.includes(option) ? 'fail' : undefined,
            }))}
          />
        );
        break;
      case 'number':
        input = (
          <NumberInput
            {...OWN_ARIA}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            description={range ? <span id={rangeId}>{range}</span> : undefined}
            size="lg"
            // Whole miles: digits only on a phone (Mantine writes inputmode="decimal" whatever it is given).
            ref={item.is_odometer ? wholeNumberKeyboard : undefined}
            allowDecimal={!item.is_odometer}
            allowNegative={false}
            thousandSeparator={item.is_odometer ? ',' : undefined}
            hideControls
            rightSection={
              item.unit ? (
                <Text fz="sm" c="dimmed" pr="xs">
                  {item.unit}
                </Text>
              ) : undefined
            }
            rightSectionWidth={item.unit ? 48 : undefined}
            value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
            onChange={(next) =>
              onChange({
                value: next === '' ? null : typeof next === 'number' ? next : Number.isFinite(Number(next)) ? Number(next) : next,
              })
            }
            aria-invalid={problem ? true : undefined}
            styles={problem ? { input: { borderColor: 'var(--mantine-color-error)' } } : undefined}
            maw={280}
          />
        );
        break;
      case 'text':
        input = (
          <Textarea
            {...OWN_ARIA}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            size="md"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5000}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange({ value: event.currentTarget.value })}
            aria-invalid={problem ? true : undefined}
            styles={problem ? { input: { borderColor: 'var(--mantine-color-error)' } } : undefined}
          />
        );
        break;
      case 'photo':
        input = (
          <PhotoField
            label={item.label}
            single
            ids={typeof value === 'string' && value !== '' ? [value] : []}
            onChange={(ids) => onChange({ value: ids[0] ?? null })}
          />
        );
        break;
      case 'signature':
        input = (
          <SignaturePad
            label={item.label}
            describedBy={describedBy}
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(id) => onChange({ value: id })}
          />
        );
        break;
    }

  return (
    <Stack gap={8} py="sm" data-item-id={item.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap={6} wrap="wrap">
        <Text fw={600} id={labelId} fz="md">
          {item.label}
          {required ? (
            <Text span c="red" aria-hidden>
              {' '}
              *
            </Text>
          ) : null}
          <VisuallyHidden component="span">{required ? ' (required)' : ' (optional)'}</VisuallyHidden>
        </Text>
        {item.critical ? (
          <Badge color="red" variant="light" c="var(--mantine-color-text)">
            Critical
          </Badge>
        ) : null}
      </Group>
      {item.help ? (
        <Text fz="sm" c="dimmed" id={helpId}>
          {item.help}
        </Text>
      ) : null}
      {input}
      {na ? (
        <TextInput
          label="Why does it not apply?"
          withAsterisk
          size="md"
          value={answer?.na_reason ?? ''}
          onChange={(event) => onChange({ na_reason: event.currentTarget.value })}
          maxLength={500}
        />
      ) : null}
      {item.allow_na ? (
        <Button
          variant="subtle"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          aria-pressed={na}
          onClick={() => onChange(na ? { value: null, na_reason: undefined } : { value: 'na' })}
        >
          {na ? 'It applies after all' : 'Not applicable'}
        </Button>
      ) : null}
      {fails ? (
        <Stack gap={6}>
          {item.critical ? (
            <Text fz="sm" c="red" fw={600}>
              A critical item: sending this failure takes the vehicle out of service.
            </Text>
          ) : null}
          <Textarea
            label={noteRequiredOnFail(item) ? 'What is wrong?' : 'Note (optional)'}
            withAsterisk={noteRequiredOnFail(item)}
            description={item.kind === 'number' ? 'Without a note, the reading is recorded.' : undefined}
            size="md"
            autosize
            minRows={2}
            maxLength={2000}
            value={answer?.note ?? ''}
            onChange={(event) => onChange({ note: event.currentTarget.value })}
          />
          {item.kind !== 'photo' && item.kind !== 'signature' ? (
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {item.photo_required_on_fail ? 'Photo of the problem (required)' : 'Photo of the problem (optional)'}
              </Text>
              <PhotoField label={item.label} ids={answer?.photo_ids ?? []} onChange={(ids) => onChange({ photo_ids: ids })} />
            </Stack>
          ) : null}
        </Stack>
      ) : null}
      {problem ? (
        <Text fz="sm" c="red" fw={500} id={problemId}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
