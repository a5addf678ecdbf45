// HTTP: buildApp, the error table, routes. Speaks contract + use-cases; never imports
// hyperformula, pg or vendor SDKs.
export { buildApp, type App, type AppDeps } from './app.js';
export { HttpError, type ErrorStatus } from './errors.js';
export { type SaasServices } from './routes/saas.js';
