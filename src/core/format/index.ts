// Cell formats: the format type and its patches, a sheet's compact format storage, and the one
// Excel number-format engine (numfmt) every display, TEXT() and export goes through.
export * from './cell-format.js';
export * from './number-format.js';
export * from './sheet-formats.js';
export * from './display.js';
export * from './formula-format.js';
