// Every workload, in the order the runner runs them.
import type { Workload } from '../lib/results.js';
import { w1Eval } from './w1-eval.js';
import { w2BulkWrite } from './w2-bulk-write.js';
import { w3Chain10k } from './w3-chain.js';
import { w4Throughput } from './w4-throughput.js';
import { w5Persistence } from './w5-persistence.js';
import { w6Memory } from './w6-memory.js';
import { w7Restart } from './w7-restart.js';
import { w8Structure } from './w8-structure.js';
import { w9Plugins } from './w9-plugins.js';
import { w10Formats } from './w10-formats.js';
import { w11Saas } from './w11-saas.js';

export const WORKLOADS: readonly Workload[] = [
  w1Eval,
  w2BulkWrite,
  w3Chain10k,
  w4Throughput,
  w5Persistence,
  w6Memory,
  w7Restart,
  w8Structure,
  w9Plugins,
  w10Formats,
  w11Saas,
];
