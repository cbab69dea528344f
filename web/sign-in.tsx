import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { en } from 'zod/locales';
import { config } from 'zod/mini';
import { startSignInPage } from './app/start-sign-in-page.tsx';

// The sign-in page's own start (login.html; main.tsx starts the app). Its form's checks read as the server's.
config(en());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void startSignInPage(container);
