import { lazy, Suspense, useState } from 'react';
import { useSecondFactorGate } from '../auth/second-factor-gate.ts';
import { signOut, useAuthState } from '../lib/session/session.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useDeferredOverlay } from '../ui/deferred-overlay.ts';
import { UserButton } from './user-button.tsx';

const AccountSecurityModal = lazy(
  importWithReload(() => import('../auth/account-security-modal.tsx').then((m) => ({ default: m.AccountSecurityModal }))),
);
const loadDropdown = () => import('./user-menu-dropdown.tsx');
const UserMenuDropdown = lazy(importWithReload(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown }))));

/**
 * The signed-in user's menu: who is signed in, "Account and security" (factors, password, other
 * sessions, in a modal: the spec's route list has no page for it), and sign-out. The menu itself
 * (user-menu-dropdown.tsx) loads when the pointer or the focus comes to the button, and the first
 * click opens it. Being in every signed-in frame, this also keeps the session's second factor in
 * step (useSecondFactorGate).
 */
export function UserMenu() {
  const { session } = useAuthState();
  const [signingOut, setSigningOut] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [accountLoaded, setAccountLoaded] = useState(false);
  const { requested, triggerProps } = useDeferredOverlay(loadDropdown, 'menu');
  useSecondFactorGate();
  if (!session) return null;
  const { user } = session;
  const button = <UserButton name={user.name} {...triggerProps} />;
  return (
    <>
      {requested ? (
        <Suspense fallback={button}>
          <UserMenuDropdown
            user={user}
            focusTarget={requested.focus}
            signingOut={signingOut}
            onAccount={() => {
              setAccountLoaded(true);
              setAccountOpen(true);
            }}
            onSignOut={() => {
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          />
        </Suspense>
      ) : (
        button
      )}
      {accountLoaded ? (
        <Suspense fallback={null}>
          <AccountSecurityModal opened={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
