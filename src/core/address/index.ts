// A1 addressing: parse and format cells, ranges and sheet-qualified references.
export * from './a1.js';
