// The `pg` driver, loaded on first use rather than at import: an OSS server, or a SaaS one on
// PGlite, never connects to a Postgres server, and the driver costs every such process several
// MiB from start-up (bench/README.md, W6). It is CommonJS, so `require` loads it synchronously
// and a pool can still be built in a constructor.
import { createRequire } from 'node:module';
import type pg from 'pg';

let loaded: typeof pg | undefined;

export function pgModule(): typeof pg {
  loaded ??= createRequire(import.meta.url)('pg') as typeof pg;
  return loaded;
}
