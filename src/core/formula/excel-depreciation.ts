// VDB, which HyperFormula 3.5 lacks: declining-balance depreciation over any span of periods,
// fractional ones included, switching to straight line once that gives more (Microsoft's VDB
// page). A fractional period is a share of the whole period it falls in. DB, HyperFormula's
// built-in replaced under its name: fixed-declining balance with Excel's rate rounded to three
// places, a fractional period and month truncated (HyperFormula refused them), and a salvage above
// cost giving negative depreciation as Excel's does (HyperFormula answered 0), per Excel's cached
// results in ironcalc FINANCIAL--DB_DDB.xlsx. DDB, replaced the same way, takes a fractional life
// and refuses a period of 0.
import { booleanArg, numberArg, numError } from './excel-arguments.js';
import type { CustomFunction } from './function-registry.js';

interface Asset {
  readonly cost: number;
  readonly salvage: number;
  readonly life: number;
  readonly factor: number;
  readonly noSwitch: boolean;
}

/**
 * One period's depreciation of an asset worth `value` with `remaining` periods of life left: the
 * declining balance (value × factor / life, never below salvage), or the straight line over what
 * is left when that gives more and switching is allowed.
 */
function periodDepreciation(asset: Asset, value: number, remaining: number): number {
  const rate = Math.min(asset.factor / asset.life, 1);
  const declining = Math.max(0, Math.min(value * rate, value - asset.salvage));
  if (asset.noSwitch) return declining;
  const line = (value - asset.salvage) / remaining;
  return line > declining ? line : declining;
}

/**
 * Depreciation from period `start` to `end`. Excel's periods, as its cached results show them
 * (koala tests--excel--VDB.xlsx, rows 23–37), run from a fractional start's fraction: a schedule
 * for VDB(…, 2.5, 3.5) has periods [0, 0.5], [0.5, 1.5], [1.5, 2.5], [2.5, 3.5], and a period cut
 * short counts that share of its depreciation.
 */
function depreciationBetween(asset: Asset, start: number, end: number): number {
  const fraction = start - Math.floor(start);
  let elapsed = 0;
  let value = asset.cost;
  let total = 0;
  while (elapsed < end) {
    const length = elapsed === 0 && fraction > 0 ? fraction : Math.min(1, end - elapsed);
    const amount = length * periodDepreciation(asset, value, asset.life - elapsed);
    if (elapsed >= start) total += amount;
    value -= amount;
    elapsed += length;
  }
  return total;
}

const vdb: CustomFunction = {
  name: 'VDB',
  minArgs: 5,
  maxArgs: 7,
  category: 'Financial',
  parameters: ['cost', 'salvage', 'life', 'start_period', 'end_period', 'factor', 'no_switch'],
  description:
    'VDB(cost, salvage, life, start_period, end_period, [factor=2], [no_switch=FALSE]): declining-balance depreciation between two periods, switching to straight line unless no_switch',
  evaluate: (args) => {
    const cost = numberArg('VDB', args, 0);
    const salvage = numberArg('VDB', args, 1);
    const life = numberArg('VDB', args, 2);
    const start = numberArg('VDB', args, 3);
    const end = numberArg('VDB', args, 4);
    const factor = numberArg('VDB', args, 5, 2);
    const noSwitch = booleanArg('VDB', args, 6, false);
    if (cost < 0 || salvage < 0 || life <= 0 || factor <= 0)
      return numError('VDB: cost and salvage must not be negative, life and factor above 0');
    if (start < 0 || end < start || end > life)
      return numError('VDB: needs 0 ≤ start_period ≤ end_period ≤ life');
    return depreciationBetween({ cost, salvage, life, factor, noSwitch }, start, end);
  },
};

/**
 * DB: the first period depreciates cost × rate for `month` months of the year, each later one
 * rate times what is left, and period life + 1 (when month < 12) the rest of the last year.
 */
const db: CustomFunction = {
  name: 'DB',
  minArgs: 4,
  maxArgs: 5,
  category: 'Financial',
  parameters: ['cost', 'salvage', 'life', 'period', 'month'],
  description:
    'DB(cost, salvage, life, period, [month=12]): fixed-declining balance depreciation of an asset for one period (month: the months in its first year)',
  evaluate: (args) => {
    const cost = numberArg('DB', args, 0);
    const salvage = numberArg('DB', args, 1);
    const life = numberArg('DB', args, 2);
    const period = Math.trunc(numberArg('DB', args, 3));
    // An empty cell given as month is 0 (#NUM!); only an omitted month is 12.
    const month = args.length > 4 ? Math.trunc(numberArg('DB', args, 4)) : 12;
    if (cost < 0 || salvage < 0 || life <= 0 || period < 1 || month < 1 || month > 12)
      return numError('DB: needs cost, salvage ≥ 0, life > 0, period ≥ 1 and month 1 to 12');
    if (period > life + 1 || (period > life && month === 12))
      return numError('DB: period is past the asset’s life');
    if (cost === 0) return 0;
    const rate = Math.round((1 - (salvage / cost) ** (1 / life)) * 1000) / 1000;
    let total = (cost * rate * month) / 12;
    if (period === 1) return total;
    for (let current = 2; ; current += 1) {
      const left = cost - total;
      const amount = current > life ? (left * rate * (12 - month)) / 12 : left * rate;
      if (current === period) return amount;
      total += amount;
    }
  },
};

/**
 * DDB, HyperFormula's built-in replaced under its name: double-declining balance (value at the
 * period's start less its value at the end, never below salvage), with a fractional life as Excel
 * takes it (HyperFormula refused one: DDB(100,10.233,4.2312,3.2,1.5) is 13.53, ironcalc
 * FINANCIAL--DB_DDB.xlsx H13) and a period of 0 refused with #NUM! (HyperFormula answered the
 * whole cost, H21).
 */
const ddb: CustomFunction = {
  name: 'DDB',
  minArgs: 4,
  maxArgs: 5,
  category: 'Financial',
  parameters: ['cost', 'salvage', 'life', 'period', 'factor'],
  description:
    'DDB(cost, salvage, life, period, [factor=2]): declining-balance depreciation of an asset for one period (double-declining by default)',
  evaluate: (args) => {
    const cost = numberArg('DDB', args, 0);
    const salvage = numberArg('DDB', args, 1);
    const life = numberArg('DDB', args, 2);
    const period = numberArg('DDB', args, 3);
    // An empty cell given as factor is 0 (#NUM!, ironcalc FINANCIAL--DB_DDB.xlsx H14:H18); only
    // an omitted one is 2.
    const factor = args.length > 4 ? numberArg('DDB', args, 4) : 2;
    if (cost < 0 || salvage < 0 || life <= 0 || period <= 0 || factor <= 0 || period > life)
      return numError('DDB: needs cost, salvage ≥ 0, life, period, factor > 0 and period ≤ life');
    const rate = Math.min(factor / life, 1);
    // At a rate of 100 % the whole cost goes in the first period.
    const before = rate === 1 ? (period === 1 ? cost : 0) : cost * (1 - rate) ** (period - 1);
    const after = cost * (1 - rate) ** period;
    return Math.max(before - Math.max(salvage, after), 0);
  },
};

export const EXCEL_DEPRECIATION_FUNCTIONS: readonly CustomFunction[] = [vdb, db, ddb];
