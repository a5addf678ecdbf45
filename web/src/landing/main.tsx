// Entry point of the landing page (/). Imports nothing from the grid: this page must stay
// small and fast (docs/ui-rules.md PERF-13, PERF-14).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../page-base.css';
import './landing.css';
import { Landing } from './Landing.js';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Landing />
  </StrictMode>,
);
