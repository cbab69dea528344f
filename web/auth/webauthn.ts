import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of WebAuthn (security keys and passkeys), through @simplewebauthn/browser: the
 * challenge's credential options go to the authenticator, and its answer goes back to verify.
 */

export function webAuthnSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** A sentence for a failed ceremony: the person cancelled, waited too long, or used a key already added. */
export function webAuthnFailureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'That security key is already added to your account. Use another one.';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The security key did not answer: it was cancelled or took too long. Try again.';
  if (name === 'SecurityError') return 'This browser refused to use a security key on this address.';
  return error instanceof Error && error.message ? error.message : 'The security key could not be used. Try again.';
}

/** Signs in: asks the authenticator to answer the challenge's request options. */
export async function answerWithAuthenticator(credentialOptions: Record<string, unknown>): Promise<Record<string, unknown>> {
  // The server made these with @simplewebauthn/server's generateAuthenticationOptions.
  const response = await startAuthentication({ optionsJSON: credentialOptions as unknown as PublicKeyCredentialRequestOptionsJSON });
  return response as unknown as Record<string, unknown>;
}

/** Adds a key: asks the authenticator to create a credential for the challenge's creation options. */
export async function registerAuthenticator(credentialOptions: Record<string, unknown>): Promise<Record<string, unknown>> {
  // The server made these with @simplewebauthn/server's generateRegistrationOptions.
  const response = await startRegistration({ optionsJSON: credentialOptions as unknown as PublicKeyCredentialCreationOptionsJSON });
  return response as unknown as Record<string, unknown>;
}
