import { Badge, Button, Code, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { Session } from '../../core/contracts/auth.ts';
import { PhoneNumber, type Challenge, type EnrolledFactor, type FactorType } from '../../core/contracts/mfa.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useChallengeFactor } from './challenge-factor.ts';
import { useEnrolFactor } from './enrol-factor.ts';
import { removeFactor } from './remove-factor.ts';
import { describeAnswerFailure } from './factor-answer.ts';
import { FACTOR_TYPE_LABELS } from './mfa-step.ts';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useVerifyFactor } from './verify-factor.ts';
import { registerAuthenticator, webAuthnFailureMessage, webAuthnSupported } from './webauthn.ts';

const CHOICES: ReadonlyArray<{ type: FactorType; description: string }> = [
  {
    type: 'totp',
    description:
      'An app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…) shows a new 6-digit code every 30 seconds.',
  },
  { type: 'webauthn', description: 'A USB or NFC security key, or a passkey kept by this device. The strongest choice.' },
  { type: 'phone', description: 'We text a 6-digit code to your mobile phone. Weaker: text messages can be intercepted.' },
];

/**
 * Adds a second factor (spec section 3): choose the kind, then an authenticator app (QR code and
 * key, then a code), a phone (number, then the texted code) or a security key (the browser's
 * prompt). Verifying the new factor completes it and raises the session to aal2; that session is
 * stored (useVerifyFactor) and handed to `onEnrolled`.
 */
export function SecondFactorEnrol({ onEnrolled, onCancel }: { onEnrolled: (session: Session) => void; onCancel?: () => void }) {
  const [type, setType] = useState<FactorType | null>(null);
  const [choice, setChoice] = useState<FactorType>('totp');
  if (type === 'totp') return <EnrolTotp onEnrolled={onEnrolled} onBack={() => setType(null)} />;
  if (type === 'phone') return <EnrolPhone onEnrolled={onEnrolled} onBack={() => setType(null)} />;
  if (type === 'webauthn') return <EnrolSecurityKey onEnrolled={onEnrolled} onBack={() => setType(null)} />;
  return (
    <Stack gap="md">
      <Radio.Group label="Kind of factor" value={choice} onChange={(value) => setChoice(value as FactorType)}>
        <Stack gap="sm" mt="xs">
          {CHOICES.map((option) => (
            <Radio
              key={option.type}
              value={option.type}
              disabled={option.type === 'webauthn' && !webAuthnSupported()}
              label={
                <Group gap={6}>
                  <span>{FACTOR_TYPE_LABELS[option.type]}</span>
                  {option.type === 'phone' ? (
                    <Badge size="sm" variant="light" color="yellow">
                      Weaker
                    </Badge>
                  ) : null}
                </Group>
              }
              description={option.description}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group gap="sm">
        <Button onClick={() => setType(choice)}>Continue</Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Forgets a factor whose adding was abandoned (best effort: the server drops leftovers after a day anyway). */
function discard(factorId: string | undefined): void {
  if (factorId) void removeFactor(factorId).catch(() => undefined);
}

/** Answers a code challenge of a factor being added, keeping the challenge until it is used up. */
function useCodeVerification(factorId: string | null, onEnrolled: (session: Session) => void, initial: Challenge | null = null) {
  const challengeFactor = useChallengeFactor();
  const verify = useVerifyFactor();
  const [challenge, setChallenge] = useState<Challenge | null>(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const submit = async (code: string) => {
    if (!factorId) return;
    setFieldError(null);
    setFormError(null);
    setWorking(true);
    try {
      let live = challenge;
      if (!live || live.expires_at * 1000 <= Date.now() + 5_000) {
        live = await challengeFactor.mutateAsync(factorId);
        setChallenge(live);
      }
      onEnrolled(await verify.mutateAsync({ factorId, challengeId: live.id, answer: { code } }));
    } catch (error) {
      const failure = describeAnswerFailure(error);
      setFieldError(failure.fieldError);
      setFormError(failure.formError);
      if (failure.challengeSpent) setChallenge(null);
    } finally {
      setWorking(false);
    }
  };
  return { submit, fieldError, formError, working, setChallenge };
}

function EnrolTotp({ onEnrolled, onBack }: { onEnrolled: (session: Session) => void; onBack: () => void }) {
  const enrol = useEnrolFactor();
  const factor = enrol.data ?? null;
  const verification = useCodeVerification(factor?.id ?? null, onEnrolled);
  const started = useRef(false);
  const { mutate } = enrol;
  useEffect(() => {
    // Once per visit to this step (a ref survives StrictMode's second effect run).
    if (started.current) return;
    started.current = true;
    mutate({ factor_type: 'totp' });
  }, [mutate]);
  if (enrol.isError) return <StartFailed error={enrol.error} onBack={onBack} />;
  if (!factor?.totp) return <Text role="status">Preparing your authenticator key…</Text>;
  return (
    <Stack gap="md">
      <Text fz="sm">1. In your authenticator app, add an account and scan this QR code.</Text>
      <Group justify="center">
        {/* White quiet zone so that the code scans in the dark theme too. */}
        <div style={{ background: '#fff', padding: 12, borderRadius: 8, lineHeight: 0 }}>
          <QRCodeSVG
            value={factor.totp.uri}
            size={184}
            role="img"
            aria-label="QR code of your authenticator key"
            title="QR code of your authenticator key"
          />
        </div>
      </Group>
      <Stack gap={4}>
        <Text fz="sm">Cannot scan it? Type this key into the app instead (time-based, 6 digits):</Text>
        <Code block fz="md" aria-label="Authenticator key" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {factor.totp.secret}
        </Code>
      </Stack>
      <FormErrorAlert message={verification.formError} />
      <OneTimeCodeForm
        name="Confirm your authenticator app"
        label="2. Enter the 6-digit code the app shows"
        submitLabel="Confirm and add"
        pending={verification.working}
        error={verification.fieldError}
        onSubmit={(code) => void verification.submit(code)}
        secondary={
          <Button
            variant="default"
            onClick={() => {
              discard(factor.id);
              onBack();
            }}
          >
            Back
          </Button>
        }
      />
    </Stack>
  );
}

const PhoneForm = z.object({ phone: PhoneNumber });

function EnrolPhone({ onEnrolled, onBack }: { onEnrolled: (session: Session) => void; onBack: () => void }) {
  const enrol = useEnrolFactor();
  const challengeFactor = useChallengeFactor();
  const [factor, setFactor] = useState<EnrolledFactor | null>(null);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const verification = useCodeVerification(factor?.id ?? null, onEnrolled);
  const form = useForm({ mode: 'uncontrolled', initialValues: { phone: '' }, validate: zod4Resolver(PhoneForm) });

  const send = async (factorId: string) => {
    setFormError(null);
    try {
      verification.setChallenge(await challengeFactor.mutateAsync(factorId));
      setSent(true);
    } catch (error) {
      setFormError(describeAnswerFailure(error).formError);
    }
  };

  const submitNumber = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await enrol.mutateAsync({ factor_type: 'phone', phone: PhoneForm.parse(values).phone });
      setFactor(created);
      await send(created.id);
    } catch (error) {
      const message = applyServerErrors(form, error);
      if (message) setFormError(message);
    }
  });

  if (!factor || !sent) {
    return (
      <form onSubmit={submitNumber} noValidate aria-label="Phone number">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TextInput
            label="Mobile phone number"
            description="In international form, starting with + and the country code, e.g. +1 555 010 0123."
            type="tel"
            autoComplete="tel"
            required
            data-autofocus
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <Group gap="sm">
            <Button type="submit" loading={enrol.isPending || challengeFactor.isPending}>
              Text me a code
            </Button>
            <Button
              variant="default"
              onClick={() => {
                discard(factor?.id);
                onBack();
              }}
            >
              Back
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Stack gap="sm">
      <FormErrorAlert message={formError ?? verification.formError} />
      <OneTimeCodeForm
        name="Confirm your phone"
        label="Code from the text message"
        description={`We sent it to ${factor.phone_hint ?? 'your phone'}; it works for 10 minutes.`}
        submitLabel="Confirm and add"
        pending={verification.working}
        error={verification.fieldError}
        onSubmit={(code) => void verification.submit(code)}
        secondary={
          <Button variant="subtle" onClick={() => void send(factor.id)} disabled={verification.working}>
            Send a new code
          </Button>
        }
      />
    </Stack>
  );
}

function EnrolSecurityKey({ onEnrolled, onBack }: { onEnrolled: (session: Session) => void; onBack: () => void }) {
  const enrol = useEnrolFactor();
  const challengeFactor = useChallengeFactor();
  const verify = useVerifyFactor();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: 'Security key' },
    validate: zod4Resolver(
      z.object({ name: z.string().check(z.trim(), z.minLength(1, 'Give it a name'), z.maxLength(60, 'Use at most 60 characters')) }),
    ),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setWorking(true);
    let factorId: string | undefined;
    try {
      const factor = await enrol.mutateAsync({ factor_type: 'webauthn', friendly_name: values.name.trim() });
      factorId = factor.id;
      const challenge = await challengeFactor.mutateAsync(factor.id);
      if (!challenge.credential_options) throw new Error('The server sent no options for the security key.');
      let response: Record<string, unknown>;
      try {
        response = await registerAuthenticator(challenge.credential_options);
      } catch (cause) {
        throw new Error(webAuthnFailureMessage(cause), { cause });
      }
      onEnrolled(await verify.mutateAsync({ factorId: factor.id, challengeId: challenge.id, answer: { credential_response: response } }));
    } catch (cause) {
      // A key that was not added leaves no half-made factor behind; the next try starts afresh.
      discard(factorId);
      const message = applyServerErrors(form, cause);
      if (message) setError(message);
    } finally {
      setWorking(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add a security key">
      <Stack gap="sm">
        <FormErrorAlert message={error} />
        <TextInput
          label="Name of the key"
          description="So you can tell your keys apart, e.g. “Blue YubiKey”."
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Text fz="sm">When the browser asks, insert and touch your security key, or confirm with this device’s screen lock.</Text>
        <Group gap="sm">
          <Button type="submit" loading={working}>
            Add security key
          </Button>
          <Button variant="default" onClick={onBack} disabled={working}>
            Back
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StartFailed({ error, onBack }: { error: unknown; onBack: () => void }) {
  return (
    <Stack gap="sm">
      <FormErrorAlert message={describeAnswerFailure(error).formError} />
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
