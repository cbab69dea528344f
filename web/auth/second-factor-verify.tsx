import { Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Session } from '../../core/contracts/auth.ts';
import type { Challenge, Factor } from '../../core/contracts/mfa.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useChallengeFactor } from './challenge-factor.ts';
import { describeAnswerFailure } from './factor-answer.ts';
import { FACTOR_TYPE_LABELS, factorsToOffer } from './mfa-step.ts';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useVerifyFactor } from './verify-factor.ts';
import { answerWithAuthenticator, webAuthnFailureMessage } from './webauthn.ts';

export function FactorLabel({ factor }: { factor: Factor }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" fw={500} component="span">
        {factor.friendly_name}
      </Text>
      <Text fz="sm" c="dimmed" component="span">
        {FACTOR_TYPE_LABELS[factor.factor_type]}
        {factor.phone_hint ? ` ${factor.phone_hint}` : ''}
      </Text>
      {factor.strength === 'weaker' ? (
        <Badge size="sm" variant="light" color="yellow">
          Weaker
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Answers one of the user's verified factors (spec section 7): choose a factor, then a code from the
 * authenticator app, a code sent by text message, or the security key. The new aal2 session is
 * stored (useVerifyFactor) and handed to `onVerified`.
 */
export function SecondFactorVerify({
  factors,
  onVerified,
  autoFocus = false,
}: {
  factors: readonly Factor[];
  onVerified: (session: Session) => void;
  /** Focus the first control on appearing (the step the user just moved to). */
  autoFocus?: boolean;
}) {
  const offered = factorsToOffer(factors);
  const [chosenId, setChosenId] = useState(offered[0]?.id ?? '');
  const chosen = offered.find((factor) => factor.id === chosenId) ?? offered[0];
  if (!chosen) return <Text>You have no verified factor to use. Ask your agency administrator to reset your factors.</Text>;
  return (
    <Stack gap="md">
      {offered.length > 1 ? (
        <Radio.Group label="Factor to use" value={chosen.id} onChange={setChosenId}>
          <Stack gap="xs" mt="xs">
            {offered.map((factor) => (
              <Radio key={factor.id} value={factor.id} label={<FactorLabel factor={factor} />} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <AnswerFactor key={chosen.id} factor={chosen} onVerified={onVerified} autoFocus={autoFocus && offered.length === 1} />
    </Stack>
  );
}

function AnswerFactor({ factor, onVerified, autoFocus }: { factor: Factor; onVerified: (session: Session) => void; autoFocus: boolean }) {
  const challengeFactor = useChallengeFactor();
  const verify = useVerifyFactor();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const fail = (error: unknown) => {
    const failure = describeAnswerFailure(error);
    setFieldError(failure.fieldError);
    setFormError(failure.formError);
    if (failure.challengeSpent) setChallenge(null);
  };

  /** A live challenge: the one in hand, else a new one. */
  const currentChallenge = async (): Promise<Challenge> => {
    if (challenge && challenge.expires_at * 1000 > Date.now() + 5_000) return challenge;
    const fresh = await challengeFactor.mutateAsync(factor.id);
    setChallenge(fresh);
    return fresh;
  };

  const answerCode = async (code: string) => {
    setFieldError(null);
    setFormError(null);
    setWorking(true);
    try {
      const live = await currentChallenge();
      const session = await verify.mutateAsync({ factorId: factor.id, challengeId: live.id, answer: { code } });
      onVerified(session);
    } catch (error) {
      fail(error);
    } finally {
      setWorking(false);
    }
  };

  const sendText = async () => {
    setFieldError(null);
    setFormError(null);
    setWorking(true);
    try {
      setChallenge(await challengeFactor.mutateAsync(factor.id));
    } catch (error) {
      fail(error);
    } finally {
      setWorking(false);
    }
  };

  const answerWithKey = async () => {
    setFormError(null);
    setWorking(true);
    try {
      const fresh = await challengeFactor.mutateAsync(factor.id);
      if (!fresh.credential_options) throw new Error('The server sent no options for the security key.');
      let response: Record<string, unknown>;
      try {
        response = await answerWithAuthenticator(fresh.credential_options);
      } catch (error) {
        throw new Error(webAuthnFailureMessage(error), { cause: error });
      }
      onVerified(await verify.mutateAsync({ factorId: factor.id, challengeId: fresh.id, answer: { credential_response: response } }));
    } catch (error) {
      fail(error);
    } finally {
      setWorking(false);
    }
  };

  if (factor.factor_type === 'webauthn') {
    return (
      <Stack gap="sm">
        <FormErrorAlert message={formError ?? fieldError} />
        <Text fz="sm">Use “{factor.friendly_name}”: when the browser asks, touch or unlock your security key.</Text>
        <Group>
          <Button onClick={() => void answerWithKey()} loading={working} autoFocus={autoFocus}>
            Use security key
          </Button>
        </Group>
      </Stack>
    );
  }

  if (factor.factor_type === 'phone' && !challenge) {
    return (
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Text fz="sm">
          We will text a 6-digit code to {factor.phone_hint ?? 'your phone'}. Codes sent by text message can be intercepted, so an
          authenticator app or a security key is the stronger choice.
        </Text>
        <Group>
          <Button onClick={() => void sendText()} loading={working} autoFocus={autoFocus}>
            Text me a code
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <FormErrorAlert message={formError} />
      <OneTimeCodeForm
        name="Second factor code"
        label={factor.factor_type === 'phone' ? 'Code from the text message' : 'Code from your authenticator app'}
        description={
          factor.factor_type === 'phone'
            ? `We sent it to ${factor.phone_hint ?? 'your phone'}; it works for 10 minutes.`
            : `Open the app where you added “${factor.friendly_name}” and enter the 6 digits it shows.`
        }
        submitLabel="Verify"
        // After "Text me a code", the code is what the user types next.
        autoFocus={autoFocus || factor.factor_type === 'phone'}
        pending={working}
        error={fieldError}
        onSubmit={(code) => void answerCode(code)}
        secondary={
          factor.factor_type === 'phone' ? (
            <Button variant="subtle" onClick={() => void sendText()} disabled={working}>
              Send a new code
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
