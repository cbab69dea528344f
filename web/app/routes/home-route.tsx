import { lazy, Suspense } from 'react';
import { useAuthState } from '../../lib/session/session.ts';
import { importWithReload } from '../../lib/chunk-reload.ts';
import { AuthFrame } from '../layouts/auth-frame.tsx';
import { LoadingState } from '../../ui/states.tsx';

const LandingScreen = lazy(importWithReload(() => import('../../home/landing-screen.tsx').then((m) => ({ default: m.LandingScreen }))));
const SignedInHome = lazy(importWithReload(() => import('./signed-in-home.tsx').then((m) => ({ default: m.SignedInHome }))));

/**
 * `/`: in the auth layout for a signed-out visitor (what Precinct is, sign in, sign up); in the app
 * frame for a signed-in user (the modules they can open).
 */
export function HomeRoute() {
  const { session } = useAuthState();
  if (session) {
    return (
      <Suspense fallback={<LoadingState />}>
        <SignedInHome />
      </Suspense>
    );
  }
  return (
    <AuthFrame width={56 * 16}>
      <Suspense fallback={<LoadingState />}>
        <LandingScreen />
      </Suspense>
    </AuthFrame>
  );
}
