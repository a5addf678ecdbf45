// Entry point: one Session (the page's model of the workbook) and the App around it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@glideapps/glide-data-grid/dist/index.css';
import './styles.css';
import { App } from './app/App.js';
import { Session } from './app/session.js';
import { PageAuth } from './auth/page-auth.js';
import { readSignIn } from './auth/stored-sign-in.js';
import { Account, workbookIdIn } from './account/account.js';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
const session = new Session();
// SaaS mode: requests carry the stored token and the workbook the address names, and a 401 goes
// to sign in (an OSS server never answers 401, so its page is unchanged). Signed in, the page
// also has the account's workbook list, sharing and tokens.
const auth = new PageAuth(readSignIn(), workbookIdIn(window.location.search));
session.client.useAuth(auth);
const account = auth.signedIn === undefined ? undefined : new Account(session.client, auth);
auth.keepFresh(session.client);
// Ask for the workbook and its first cells while React renders the page.
const opening =
  account === undefined ? session.open() : account.settle().then(() => session.open());
createRoot(root).render(
  <StrictMode>
    <App session={session} opening={opening} account={account} />
  </StrictMode>,
);
