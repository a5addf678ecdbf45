// Shared helpers for black-box tests: start the real app on an ephemeral port and talk to it.
export { api, type Api, type ApiResponse, type Query } from './api.js';
export { readGrid, readValues, type GridCell } from './grid.js';
export { startApp, startDurableApp, type RunningApp, type StartAppOptions } from './start-app.js';
