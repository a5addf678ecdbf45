// Entry point: one Session (the page's model of the workbook) and the App around it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@glideapps/glide-data-grid/dist/index.css';
import './styles.css';
import { App } from './app/App.js';
import { Session } from './app/session.js';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
const session = new Session();
// Ask for the workbook and its first cells while React renders the page.
const opening = session.open();
createRoot(root).render(
  <StrictMode>
    <App session={session} opening={opening} />
  </StrictMode>,
);
