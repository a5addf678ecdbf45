// Realtime: what subscribers of a workbook's commits are sent, independent of the transport.
export { commitEventOf } from './commit-event.js';
