import { configureApiClient } from '../lib/api-client.ts';
import { getAccessToken, startAuth } from '../lib/session/session.ts';
import { newDeploymentSeen, setUpdatePrompt } from './app-updates.ts';
import { startDeploymentPoller } from './deployment-poller.ts';
import { installErrorLog } from './error-log.ts';
import { offerReload } from './update-prompt.tsx';

/**
 * What a page of the web app sets up first, whichever start it has (the app's, start-app.tsx, or the
 * sign-in page's, start-sign-in-page.tsx): the error log (lazily loaded screens reload the page when
 * their file is gone, importWithReload, at most every 10 s), the API client's token, the
 * new-deployment prompt and its poll, and the session. Once a page: when the sign-in page hands over,
 * the app keeps them.
 */
export async function startPage(): Promise<void> {
  installErrorLog(window);
  configureApiClient({ getAccessToken });
  setUpdatePrompt(offerReload);
  if (!import.meta.env.DEV) startDeploymentPoller({ runningId: __PRECINCT_BUILD_ID__, onNewDeployment: newDeploymentSeen });
  await startAuth();
}
