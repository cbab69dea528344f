import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { en } from 'zod/locales';
import { config } from 'zod/mini';
import { startApp } from './app/start-app.tsx';

// zod/mini (what every page loads) brings no messages of its own: the browser's checks read as the server's.
config(en());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void startApp(container);
