// Entry point of the landing page (/). Imports nothing from the grid: this page must stay
// small and fast (ui.md §4.3 item 6; LCP gate 2.5 s in CI).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './landing.css';
import { Landing } from './Landing.js';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Landing />
  </StrictMode>,
);
