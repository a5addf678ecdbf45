// Excel engineering functions HyperFormula 3.5 lacks or gets wrong: CONVERT, with the units,
// categories and prefixes of Microsoft's documentation (unit names are case-sensitive; decimal
// prefixes apply to metric units only, binary prefixes to bits and bytes; a prefix on a squared or
// cubed unit is squared or cubed with it), and COMPLEX (HyperFormula's refuses an empty suffix).
import {
  notAvailable,
  numberArg,
  plainArg,
  textArg,
  toNumber,
  valueError,
} from './excel-arguments.js';
import { complexText } from './excel-complex-functions.js';
import type { CustomFunction } from './function-registry.js';

type Category =
  | 'mass'
  | 'distance'
  | 'time'
  | 'pressure'
  | 'force'
  | 'energy'
  | 'power'
  | 'magnetism'
  | 'temperature'
  | 'volume'
  | 'area'
  | 'information'
  | 'speed';

interface Unit {
  readonly category: Category;
  /** How many of the category's base unit one of this unit is (temperatures: see kelvinOf). */
  readonly factor: number;
  /** Takes decimal prefixes (metric units). */
  readonly prefixes?: boolean;
  /** The power a prefix is raised to: 2 for areas, 3 for volumes. */
  readonly power?: number;
}

// Defining constants (international yard and pound, standard gravity, and the values Excel uses).
const INCH = 0.0254;
const FOOT = 0.3048;
const MILE = 1609.344;
const NAUTICAL_MILE = 1852;
const POUND_GRAMS = 453.59237;
const GRAVITY = 9.80665;
const POUND_FORCE = (POUND_GRAMS / 1000) * GRAVITY;
const PICA_POINT = INCH / 72;
const LIGHT_YEAR = 9460730472580800;
const PARSEC = 30856775812815.53 * 1000;
const SURVEY_FOOT = 1200 / 3937;
const US_GALLON_LITRES = 3.785411784;
const HORSEPOWER = 550 * FOOT * POUND_FORCE;

const UNITS = new Map<string, Unit>();

function define(category: Category, names: readonly string[], factor: number, extra = {}): void {
  for (const name of names) UNITS.set(name, { category, factor, ...extra });
}

const metric = { prefixes: true };

// Mass and weight, in grams.
define('mass', ['g'], 1, metric);
define('mass', ['sg'], (POUND_GRAMS * GRAVITY) / FOOT);
define('mass', ['lbm'], POUND_GRAMS);
define('mass', ['u'], 1.660538782e-24, metric);
define('mass', ['ozm'], POUND_GRAMS / 16);
define('mass', ['grain'], 0.06479891);
define('mass', ['cwt', 'shweight'], POUND_GRAMS * 100);
define('mass', ['uk_cwt', 'lcwt', 'hweight'], POUND_GRAMS * 112);
define('mass', ['stone'], POUND_GRAMS * 14);
define('mass', ['ton'], POUND_GRAMS * 2000);
define('mass', ['uk_ton', 'LTON', 'brton'], POUND_GRAMS * 2240);

// Distance, in metres.
define('distance', ['m'], 1, metric);
define('distance', ['mi'], MILE);
define('distance', ['Nmi'], NAUTICAL_MILE);
define('distance', ['in'], INCH);
define('distance', ['ft'], FOOT);
define('distance', ['yd'], 3 * FOOT);
define('distance', ['ang'], 1e-10, metric);
define('distance', ['ell'], 45 * INCH);
define('distance', ['ly'], LIGHT_YEAR, metric);
define('distance', ['parsec', 'pc'], PARSEC, metric);
define('distance', ['Picapt', 'Pica'], PICA_POINT);
define('distance', ['pica'], INCH / 6);
define('distance', ['survey_mi'], 5280 * SURVEY_FOOT);

// Time, in seconds.
define('time', ['yr'], 365.25 * 86400);
define('time', ['day', 'd'], 86400);
define('time', ['hr'], 3600);
define('time', ['mn', 'min'], 60);
define('time', ['sec', 's'], 1, metric);

// Pressure, in pascals.
define('pressure', ['Pa', 'p'], 1, metric);
define('pressure', ['atm', 'at'], 101325, metric);
define('pressure', ['mmHg'], 133.322, metric);
define('pressure', ['psi'], POUND_FORCE / INCH ** 2);
define('pressure', ['Torr'], 101325 / 760);

// Force, in newtons.
define('force', ['N'], 1, metric);
define('force', ['dyn', 'dy'], 1e-5, metric);
define('force', ['lbf'], POUND_FORCE);
define('force', ['pond'], GRAVITY / 1000, metric);

// Energy, in joules.
define('energy', ['J'], 1, metric);
define('energy', ['e'], 1e-7, metric);
define('energy', ['c'], 4.184, metric);
define('energy', ['cal'], 4.1868, metric);
define('energy', ['eV', 'ev'], 1.602176487e-19, metric);
define('energy', ['HPh', 'hh'], HORSEPOWER * 3600);
define('energy', ['Wh', 'wh'], 3600, metric);
define('energy', ['flb'], FOOT * POUND_FORCE);
define('energy', ['BTU', 'btu'], 1055.05585262);

// Power, in watts.
define('power', ['HP', 'h'], HORSEPOWER);
define('power', ['PS'], 735.49875);
define('power', ['W', 'w'], 1, metric);

// Magnetism, in teslas.
define('magnetism', ['T'], 1, metric);
define('magnetism', ['ga'], 1e-4, metric);

// Temperature: factor unused; kelvinOf and fromKelvin do the (affine) conversions.
define('temperature', ['C', 'cel'], 1);
define('temperature', ['F', 'fah'], 1);
define('temperature', ['K', 'kel'], 1, metric);
define('temperature', ['Rank'], 1);
define('temperature', ['Reau'], 1);

// Volume, in litres.
const cubic = { prefixes: true, power: 3 };
define('volume', ['tsp'], US_GALLON_LITRES / 768);
define('volume', ['tspm'], 0.005);
define('volume', ['tbs'], US_GALLON_LITRES / 256);
define('volume', ['oz'], US_GALLON_LITRES / 128);
define('volume', ['cup'], US_GALLON_LITRES / 16);
define('volume', ['pt', 'us_pt'], US_GALLON_LITRES / 8);
// Excel takes decimal prefixes on the imperial pint and on mph too (formulas test.xlsx EXTRA
// rows 96 and 164: CONVERT(1,"kuk_pt","L") is 568.26125, CONVERT(1,"kmph","m/h") 1609344).
define('volume', ['uk_pt'], 4.54609 / 8, metric);
define('volume', ['qt'], US_GALLON_LITRES / 4);
define('volume', ['uk_qt'], 4.54609 / 4);
define('volume', ['gal'], US_GALLON_LITRES);
define('volume', ['uk_gal'], 4.54609);
define('volume', ['l', 'L', 'lt'], 1, metric);
define('volume', ['ang3', 'ang^3'], 1e-30 * 1000, cubic);
define('volume', ['barrel'], 42 * US_GALLON_LITRES);
define('volume', ['bushel'], 35.23907016688);
define('volume', ['ft3', 'ft^3'], FOOT ** 3 * 1000);
define('volume', ['in3', 'in^3'], INCH ** 3 * 1000);
define('volume', ['ly3', 'ly^3'], LIGHT_YEAR ** 3 * 1000);
define('volume', ['m3', 'm^3'], 1000, cubic);
define('volume', ['mi3', 'mi^3'], MILE ** 3 * 1000);
define('volume', ['yd3', 'yd^3'], (3 * FOOT) ** 3 * 1000);
define('volume', ['Nmi3', 'Nmi^3'], NAUTICAL_MILE ** 3 * 1000);
define('volume', ['Picapt3', 'Picapt^3', 'Pica3', 'Pica^3'], PICA_POINT ** 3 * 1000);
define('volume', ['GRT', 'regton'], 100 * FOOT ** 3 * 1000);
define('volume', ['MTON'], 40 * FOOT ** 3 * 1000);

// Area, in square metres.
const square = { prefixes: true, power: 2 };
define('area', ['uk_acre'], 43560 * FOOT ** 2);
define('area', ['us_acre'], 43560 * SURVEY_FOOT ** 2);
define('area', ['ang2', 'ang^2'], 1e-20, square);
define('area', ['ar'], 100, metric);
define('area', ['ft2', 'ft^2'], FOOT ** 2);
define('area', ['ha'], 10000);
define('area', ['in2', 'in^2'], INCH ** 2);
define('area', ['ly2', 'ly^2'], LIGHT_YEAR ** 2);
define('area', ['m2', 'm^2'], 1, square);
define('area', ['Morgen'], 2500);
define('area', ['mi2', 'mi^2'], MILE ** 2);
define('area', ['Nmi2', 'Nmi^2'], NAUTICAL_MILE ** 2);
define('area', ['Picapt2', 'Pica2', 'Pica^2', 'Picapt^2'], PICA_POINT ** 2);
define('area', ['yd2', 'yd^2'], (3 * FOOT) ** 2);

// Information, in bits.
define('information', ['bit'], 1, metric);
define('information', ['byte'], 8, metric);

// Speed, in metres per second.
define('speed', ['admkn'], (6080 * FOOT) / 3600);
define('speed', ['kn'], NAUTICAL_MILE / 3600);
define('speed', ['m/h', 'm/hr'], 1 / 3600, metric);
define('speed', ['m/s', 'm/sec'], 1, metric);
define('speed', ['mph'], MILE / 3600, metric);

const DECIMAL_PREFIXES = new Map<string, number>([
  ['Y', 1e24],
  ['Z', 1e21],
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
  ['h', 1e2],
  ['da', 1e1],
  ['e', 1e1],
  ['d', 1e-1],
  ['c', 1e-2],
  ['m', 1e-3],
  ['u', 1e-6],
  ['n', 1e-9],
  ['p', 1e-12],
  ['f', 1e-15],
  ['a', 1e-18],
  ['z', 1e-21],
  ['y', 1e-24],
]);

const BINARY_PREFIXES = new Map<string, number>([
  ['Yi', 2 ** 80],
  ['Zi', 2 ** 70],
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['ki', 2 ** 10],
]);

interface Resolved {
  readonly unit: Unit;
  /** The prefix's multiplier (1 without one), already raised to the unit's power. */
  readonly scale: number;
}

/**
 * The readings of a unit name: the unit of that name first, then a prefix on a shorter one
 * ("pc" is the parsec, or the picocalorie where energy is wanted). Empty when it is no unit.
 */
function readings(name: string): Resolved[] {
  const found: Resolved[] = [];
  const exact = UNITS.get(name);
  if (exact !== undefined) found.push({ unit: exact, scale: 1 });
  // Two-letter prefixes (da, ki …) before one-letter ones.
  for (const length of [2, 1]) {
    const prefix = name.slice(0, length);
    const unit = UNITS.get(name.slice(length));
    if (unit?.prefixes !== true) continue;
    const decimal = DECIMAL_PREFIXES.get(prefix);
    const binary = unit.category === 'information' ? BINARY_PREFIXES.get(prefix) : undefined;
    const multiplier = decimal ?? binary;
    if (multiplier !== undefined) found.push({ unit, scale: multiplier ** (unit.power ?? 1) });
  }
  return found;
}

/** The first readings of the two names that measure the same thing. */
function compatibleReadings(
  fromName: string,
  toName: string,
): { from: Resolved; to: Resolved } | undefined {
  const toReadings = readings(toName);
  for (const from of readings(fromName)) {
    const to = toReadings.find((reading) => reading.unit.category === from.unit.category);
    if (to !== undefined) return { from, to };
  }
  return undefined;
}

function kelvinOf(name: string, value: number): number {
  switch (name) {
    case 'C':
    case 'cel':
      return value + 273.15;
    case 'F':
    case 'fah':
      return ((value - 32) * 5) / 9 + 273.15;
    case 'Rank':
      return (value * 5) / 9;
    case 'Reau':
      return value * 1.25 + 273.15;
    default:
      return value;
  }
}

function fromKelvin(name: string, kelvin: number): number {
  switch (name) {
    case 'C':
    case 'cel':
      return kelvin - 273.15;
    case 'F':
    case 'fah':
      return ((kelvin - 273.15) * 9) / 5 + 32;
    case 'Rank':
      return (kelvin * 9) / 5;
    case 'Reau':
      return (kelvin - 273.15) / 1.25;
    default:
      return kelvin;
  }
}

/** The unit name without its prefix, for the temperature formulas. */
function baseName(name: string): string {
  if (UNITS.has(name)) return name;
  for (const length of [2, 1]) if (UNITS.has(name.slice(length))) return name.slice(length);
  return name;
}

const convert: CustomFunction = {
  name: 'CONVERT',
  minArgs: 3,
  maxArgs: 3,
  description:
    'CONVERT(number, from_unit, to_unit): a measurement in another unit of the same kind (units as Excel names them, case-sensitive, with metric prefixes such as "k" or "m")',
  evaluate: (args) => {
    const value = plainArg('CONVERT', args[0], 1);
    // Like the other Analysis ToolPak functions, CONVERT takes no TRUE or FALSE for a number.
    if (typeof value === 'boolean')
      return valueError('CONVERT: number must be a number, not TRUE or FALSE');
    const number = toNumber('CONVERT', value, 1);
    const fromName = textArg('CONVERT', args, 1);
    const toName = textArg('CONVERT', args, 2);
    if (readings(fromName).length === 0)
      return notAvailable(`CONVERT: "${fromName}" is not a unit`);
    if (readings(toName).length === 0) return notAvailable(`CONVERT: "${toName}" is not a unit`);
    const pair = compatibleReadings(fromName, toName);
    if (pair === undefined)
      return notAvailable(`CONVERT: "${fromName}" and "${toName}" measure different things`);
    const { from, to } = pair;
    if (from.unit.category === 'temperature') {
      const kelvin = kelvinOf(baseName(fromName), number * from.scale);
      return fromKelvin(baseName(toName), kelvin) / to.scale;
    }
    return (number * from.unit.factor * from.scale) / (to.unit.factor * to.scale);
  },
};

const complex: CustomFunction = {
  name: 'COMPLEX',
  minArgs: 2,
  maxArgs: 3,
  description:
    'COMPLEX(real_num, i_num, [suffix="i"]): a complex number as text, such as "3+4i" (suffix "i" or "j"; empty is "i")',
  evaluate: (args) => {
    // Like the other Analysis ToolPak functions, COMPLEX takes no TRUE or FALSE for a number.
    if (args.slice(0, 2).some((arg) => typeof plainArg('COMPLEX', arg, 1) === 'boolean'))
      return valueError('COMPLEX: real_num and i_num must be numbers, not TRUE or FALSE');
    const real = numberArg('COMPLEX', args, 0);
    const imaginary = numberArg('COMPLEX', args, 1);
    const suffix = args[2] === undefined ? 'i' : textArg('COMPLEX', args, 2) || 'i';
    if (suffix !== 'i' && suffix !== 'j')
      return valueError('COMPLEX: suffix must be "i" or "j" in lower case');
    return complexText(real, imaginary, suffix);
  },
};

export const EXCEL_ENGINEERING_FUNCTIONS: readonly CustomFunction[] = [convert, complex];
