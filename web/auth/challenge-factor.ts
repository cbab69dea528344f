import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint } from '../lib/api.ts';

/**
 * A challenge to answer within 5 minutes (a phone code: 10), once. A phone factor is sent its code
 * by text message; a WebAuthn factor gets the options for the browser (creation options while
 * enrolling, request options when signing in).
 */
export function challengeFactor(factorId: string) {
  return callEndpoint(authApi.challengeFactor, { params: { factorId }, body: { factorId } });
}

export function useChallengeFactor() {
  return useMutation({ mutationFn: challengeFactor });
}
