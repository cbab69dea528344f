import { lazy, Suspense, useState } from 'react';
import { useSecondFactorGate } from '../auth/second-factor-gate.ts';
import { signOut, useAuthState } from '../lib/session/session.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useDeferredOverlay } from '../ui/deferred-overlay.ts';
import { UserButton } from './user-button.tsx';

/** How many of the user's items wait in the outbox (its code loads only when someone signs out); 0 when the device's storage cannot tell. */
function unsentCount(userId: string): Promise<number> {
  return import('../lib/outbox/outbox.ts').then((outbox) => outbox.unsentCount(userId)).catch(() => 0);
}

const AccountSecurityModal = lazy(
  importWithReload(() => import('../auth/account-security-modal.tsx').then((m) => ({ default: m.AccountSecurityModal }))),
);
const SignOutConfirm = lazy(importWithReload(() => import('./sign-out-confirm.tsx').then((m) => ({ default: m.SignOutConfirm }))));
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
  // Items of this user still in the offline outbox when they asked to sign out: asked first (sign-out-confirm.tsx).
  const [unsentOnSignOut, setUnsentOnSignOut] = useState<number | null>(null);
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
              void unsentCount(user.id).then((unsent) => {
                if (unsent > 0) {
                  setSigningOut(false);
                  setUnsentOnSignOut(unsent);
                } else void signOut().finally(() => setSigningOut(false));
              });
            }}
          />
        </Suspense>
      ) : (
        button
      )}
      {unsentOnSignOut !== null ? (
        <Suspense fallback={null}>
          <SignOutConfirm
            opened
            unsent={unsentOnSignOut}
            onClose={() => setUnsentOnSignOut(null)}
            onConfirm={() => {
              setUnsentOnSignOut(null);
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          />
        </Suspense>
      ) : null}
      {accountLoaded ? (
        <Suspense fallback={null}>
          <AccountSecurityModal opened={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
