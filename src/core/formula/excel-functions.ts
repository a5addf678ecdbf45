// Excel functions HyperFormula 3.5 does not have, registered in every engine beside GridOS's own
// (Workbook.create) with Excel's documented semantics. They return one value each: where Excel
// would spill an array (a range as lookup_value, say), they answer #VALUE!.
import { EXCEL_BASE_CONVERSIONS } from './excel-base-conversions.js';
import { EXCEL_BITWISE_FUNCTIONS } from './excel-bitwise-functions.js';
import { EXCEL_ENGINEERING_FUNCTIONS } from './excel-engineering-functions.js';
import { EXCEL_COMPLEX_FUNCTIONS } from './excel-complex-functions.js';
import { EXCEL_FINANCIAL_FUNCTIONS } from './excel-financial-functions.js';
import { DISCOUNT_SECURITY_FUNCTIONS } from './excel-discount-securities.js';
import { ODD_PERIOD_BOND_FUNCTIONS } from './excel-odd-period-bonds.js';
import { BOND_MEASURE_FUNCTIONS } from './excel-bond-measures.js';
import { EXCEL_REGEX_FUNCTIONS } from './excel-regex-functions.js';
import { EXCEL_MATH_FUNCTIONS } from './excel-math-functions.js';
import { EXCEL_CORRECTIONS } from './excel-corrections.js';
import { EXCEL_DEPRECIATION_FUNCTIONS } from './excel-depreciation.js';
import { EXCEL_CASH_FLOW_FUNCTIONS } from './excel-cash-flows.js';
import { EXCEL_MATH_CORRECTIONS } from './excel-math-corrections.js';
import { EXCEL_INFORMATION_FUNCTIONS } from './excel-information-functions.js';
import { EXCEL_LOOKUP_FUNCTIONS } from './excel-lookup-functions.js';
import { EXCEL_REFERENCE_TEXT_FUNCTIONS } from './excel-reference-text-functions.js';
import { EXCEL_STATISTICAL_FUNCTIONS } from './excel-statistical-functions.js';
import { EXCEL_TEXT_FUNCTIONS } from './excel-text-functions.js';
import { EXCEL_LOCALE_TEXT_FUNCTIONS } from './excel-locale-text-functions.js';
import type { CustomFunction } from './function-registry.js';

export const EXCEL_FUNCTIONS: readonly CustomFunction[] = [
  ...EXCEL_TEXT_FUNCTIONS,
  ...EXCEL_LOCALE_TEXT_FUNCTIONS,
  ...EXCEL_LOOKUP_FUNCTIONS,
  ...EXCEL_REFERENCE_TEXT_FUNCTIONS,
  ...EXCEL_STATISTICAL_FUNCTIONS,
  ...EXCEL_ENGINEERING_FUNCTIONS,
  ...EXCEL_COMPLEX_FUNCTIONS,
  ...EXCEL_BASE_CONVERSIONS,
  ...EXCEL_BITWISE_FUNCTIONS,
  ...EXCEL_FINANCIAL_FUNCTIONS,
  ...DISCOUNT_SECURITY_FUNCTIONS,
  ...ODD_PERIOD_BOND_FUNCTIONS,
  ...BOND_MEASURE_FUNCTIONS,
  ...EXCEL_DEPRECIATION_FUNCTIONS,
  ...EXCEL_CASH_FLOW_FUNCTIONS,
  ...EXCEL_REGEX_FUNCTIONS,
  ...EXCEL_MATH_FUNCTIONS,
  ...EXCEL_CORRECTIONS,
  ...EXCEL_MATH_CORRECTIONS,
  ...EXCEL_INFORMATION_FUNCTIONS,
];
