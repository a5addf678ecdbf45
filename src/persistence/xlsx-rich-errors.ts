// Excel 365's errors in a cell saved as a constant. Excel writes #SPILL!, #CALC!, #FIELD!… as
// `<c t="e" vm="N"><v>#VALUE!</v></c>` (what an older reader shows) and names the real error in a
// rich value: `vm` is a 1-based index into xl/metadata.xml's valueMetadata, whose record points
// (through the XLRICHVALUE futureMetadata block) at a rich value in xl/richData/rdrichvalue.xml of
// the `_error` structure, whose `errorType` is the error's ERROR.TYPE number − 1 (ironcalc
// INFORMATION--ERROR.TYPE.xlsx: 13 is #CALC! and 8 #SPILL!, ERROR.TYPE 14 and 9). exceljs reads
// none of these parts; they are read here, and the cells keep their #VALUE! when anything is
// missing.
import { ERROR_LITERALS, type ErrorLiteral } from '../core/index.js';
import { attribute, elementAttributes } from './xml-text.js';

export const RICH_ERROR_PARTS = [
  'xl/metadata.xml',
  'xl/richData/rdrichvalue.xml',
  'xl/richData/rdrichvaluestructure.xml',
] as const;

/** The error each `vm` index names, from the parts RICH_ERROR_PARTS lists (by name). */
export function richErrorsOf(parts: ReadonlyMap<string, string>): Map<number, ErrorLiteral> {
  const found = new Map<number, ErrorLiteral>();
  const [metadata, values, structures] = RICH_ERROR_PARTS.map((name) => parts.get(name));
  if (metadata === undefined || values === undefined || structures === undefined) return found;
  const errorTypeAt = errorTypePositions(structures);
  const richValues = [...values.matchAll(/<rv\b([^>]*)>([\s\S]*?)<\/rv>/g)].map((match) => ({
    structure: Number(attribute(match[1]!, 's')),
    fields: [...match[2]!.matchAll(/<v\b[^>]*>([^<]*)<\/v>/g)].map((field) => field[1]!),
  }));
  const richValueOfBlock = futureRichValueIndexes(metadata);
  const richType = richValueTypeIndex(metadata);
  const records = [...valueMetadataOf(metadata).matchAll(/<bk\b[^>]*>([\s\S]*?)<\/bk>/g)];
  records.forEach((record, index) => {
    const rc = elementAttributes(record[1]!, 'rc')[0];
    if (rc === undefined || Number(attribute(rc, 't')) !== richType) return;
    const value = richValues[richValueOfBlock[Number(attribute(rc, 'v'))] ?? -1];
    const position = value === undefined ? undefined : errorTypeAt.get(value.structure);
    const type = position === undefined ? NaN : Number(value!.fields[position]);
    const literal = ERROR_LITERALS[type];
    if (Number.isInteger(type) && literal !== undefined) found.set(index + 1, literal);
  });
  return found;
}

/** For each `_error` structure (by index), the position of its `errorType` key. */
function errorTypePositions(structures: string): Map<number, number> {
  const positions = new Map<number, number>();
  [...structures.matchAll(/<s\b([^>]*)>([\s\S]*?)<\/s>/g)].forEach((match, index) => {
    if (attribute(match[1]!, 't') !== '_error') return;
    const keys = elementAttributes(match[2]!, 'k').map((key) => attribute(key, 'n'));
    const position = keys.indexOf('errorType');
    if (position >= 0) positions.set(index, position);
  });
  return positions;
}

/** The 1-based index of the XLRICHVALUE metadata type (what a record's `rc t` names). */
function richValueTypeIndex(metadata: string): number {
  const types = elementAttributes(metadata, 'metadataType').map((type) => attribute(type, 'name'));
  return types.indexOf('XLRICHVALUE') + 1;
}

/** The rich value index of each block of the XLRICHVALUE futureMetadata, in order. */
function futureRichValueIndexes(metadata: string): number[] {
  const block = /<futureMetadata\b[^>]*name="XLRICHVALUE"[^>]*>([\s\S]*?)<\/futureMetadata>/.exec(
    metadata,
  );
  if (block === null) return [];
  return [...block[1]!.matchAll(/<bk\b[^>]*>([\s\S]*?)<\/bk>/g)].map((entry) => {
    const rvb = /<(?:\w+:)?rvb\b([^>]*)\/?>/.exec(entry[1]!);
    return rvb === null ? -1 : Number(attribute(rvb[1]!, 'i'));
  });
}

function valueMetadataOf(metadata: string): string {
  return /<valueMetadata\b[^>]*>([\s\S]*?)<\/valueMetadata>/.exec(metadata)?.[1] ?? '';
}

/** A constant error cell with value metadata: `<c r="A8" t="e" vm="1">` (no formula). */
const RICH_ERROR_CELL = /<c\b([^>]*\bvm="\d+"[^>]*)>(?!\s*<f\b)/g;

/** The cells of a worksheet part holding an error constant with value metadata: A1 → vm. */
export function richErrorCells(worksheetXml: string): Map<string, number> {
  const cells = new Map<string, number>();
  if (!worksheetXml.includes(' vm="')) return cells;
  for (const match of worksheetXml.matchAll(RICH_ERROR_CELL)) {
    const attributes = match[1]!;
    if (attribute(attributes, 't') !== 'e') continue;
    const name = attribute(attributes, 'r');
    const vm = Number(attribute(attributes, 'vm'));
    if (name !== undefined && Number.isInteger(vm)) cells.set(name, vm);
  }
  return cells;
}
