// Entry point of the sign-in page (/signin, SaaS mode). Imports nothing from the grid.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../page-base.css';
import './signin.css';
import { SignInPage } from './SignInPage.js';

const root = document.getElementById('root');
if (root === null) throw new Error('signin.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <SignInPage />
  </StrictMode>,
);
