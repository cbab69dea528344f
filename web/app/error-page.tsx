import { Button, Group, Text } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { StandalonePage } from '../ui/standalone-page.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { ApiError } from '../lib/api-error.ts';
import { reportAppError } from './app-error-hook.ts';
import { isBotUserAgent } from './bots.ts';
import { ChunkLoadError } from '../lib/chunk-reload.ts';
import { AppError, errorStatus, errorTitle, isFatalError, pageNotFoundMessage, shouldShowErrorPage } from './route-errors.ts';

/** The error page: Page Not Found for 404, Internal Server Error otherwise, and a way home. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const title = errorTitle(status);
  usePageTitle(title);
  return (
    <StandalonePage title={title} eyebrow={`Error ${status}`}>
      <Text data-testid="error-message" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/" leftSection={<IconHome aria-hidden size={18} />}>
          Go to the home page
        </Button>
        {status !== 404 ? (
          <Button variant="default" leftSection={<IconRefresh aria-hidden size={18} />} onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        ) : null}
      </Group>
    </StandalonePage>
  );
}

/** What the page may say about an error: our own messages, not a stack or an internal detail. */
function visibleMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof AppError || error instanceof ChunkLoadError) return error.message;
  return 'Something went wrong on this page. Reload it, and if it happens again tell your administrator what you were doing.';
}

function useCurrentPath(): string {
  return useRouterState({ select: (state) => state.location.href });
}

/** The root's not-found: an unmatched path, or a path whose parameters failed validation. */
export function NotFoundPage() {
  const path = useCurrentPath();
  return <ErrorPage status={404} message={pageNotFoundMessage(path)} />;
}

/** The root's error component: reports to the app error hook, then shows the error page (not to bots, unless fatal). */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const path = useCurrentPath();
  useEffect(() => {
    reportAppError(error, { path });
  }, [error, path]);
  const status = errorStatus(error);
  if (!shouldShowErrorPage({ isBot: isBotUserAgent(navigator.userAgent), fatal: isFatalError(error) })) return null;
  return <ErrorPage status={status} message={status === 404 ? pageNotFoundMessage(path) : visibleMessage(error)} />;
}
