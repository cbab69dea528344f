import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startApp } from './app/start-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void startApp(container);
