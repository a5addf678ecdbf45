// Wire shapes only (TypeBox): one file per API area. These schemas are the request
// validation and the OpenAPI document. The browser UI imports them with `import type`.
export * from './agent.js';
export * from './charts.js';
export * from './common.js';
export * from './engine-api.js';
export * from './grid.js';
export * from './formats.js';
export * from './persistence.js';
export * from './providers.js';
export * from './workbook.js';
export * from './names.js';
export * from './plugins.js';
export * from './layout.js';
export * from './saas.js';
export * from './events.js';
export * from './presence.js';
