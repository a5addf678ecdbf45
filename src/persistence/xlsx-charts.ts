// Charts in xlsx files (docs/decisions/2026-12-01-charts-in-xlsx.md). exceljs neither writes nor
// reads charts, so export adds them to the zip exceljs wrote (a DrawingML chart part per chart,
// one drawing part per sheet, their relationships, the worksheet's `<drawing>` element and the
// content types), and import reads them from the file's parts beside exceljs. A chart is written
// as Excel would read the same range (web/src/charts/chart-data.ts): one series per column (or
// row) after the labels, each named by its header cell when the range has a header.
// Import keeps what maps onto a Gridbook chart (bar, line and pie charts whose series form one
// rectangle with their labels) and leaves the rest out; a chart never fails an import.
import {
  formatRange,
  quoteSheetName,
  splitSheetPrefix,
  tryParseCell,
  tryParseRange,
  namesSeries,
  plottedNumber,
  validateChart,
  type CellValue,
  type Chart,
  type RangeAddress,
  type SheetLayout,
} from '../core/index.js';
import { attribute, elementAttributes, unescapeXml } from './xml-text.js';
import { readParts } from './zip-entries.js';

/** One pixel at 96 dpi in English Metric Units, DrawingML's length. */
export const EMU_PER_PIXEL = 9525;
/** Excel's own default sizes, for a file's anchor measured in cells. */
const EXCEL_COLUMN_PX = 64;
const EXCEL_ROW_PX = 20;
/** How much each chart, drawing or relationship part an import reads may inflate to. */
const CHART_PART_BYTES = 16 * 1024 * 1024;
/** The most chart parts one import reads. */
const MAX_IMPORTED_CHARTS = 1_000;

const CHART_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml';
const DRAWING_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.drawing+xml';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DRAWING_RELATIONSHIP =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const CHART_RELATIONSHIP =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// ---- what a chart plots ---------------------------------------------------------------------

/** Cells and the values they hold now. */
export interface PlottedCells {
  readonly range: RangeAddress;
  readonly values: readonly CellValue[];
}

export interface PlottedSeries {
  /** The header cell naming the series, when the range has a header. */
  readonly name: PlottedCells | undefined;
  readonly values: PlottedCells;
}

/** A chart's data range as series over cells: Gridbook's reading (chart-data.ts), cell by cell. */
export interface PlottedData {
  /** The label cells; none when the range is a single column (or row): Excel numbers them 1, 2, 3. */
  readonly categories: PlottedCells | undefined;
  readonly series: readonly PlottedSeries[];
}

function displayText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') return value.sentinel;
  return String(value);
}

/**
 * The cells of `range` (on one sheet) as a chart with `orientation` reads them: in `columns`,
 * the first column holds the labels and each other column is a series, named by its first cell
 * when every such first cell is text; `rows` is the same transposed. Undefined when nothing is
 * left to plot (a header and no values).
 */
export function plottedData(
  range: RangeAddress,
  orientation: Chart['orientation'],
  valueAt: (row: number, col: number) => CellValue,
): PlottedData | undefined {
  const byColumns = orientation === 'columns';
  // Work along "lines" (a column in `columns`, a row in `rows`) and "steps" along each line.
  const firstLine = byColumns ? range.start.col : range.start.row;
  const lastLine = byColumns ? range.end.col : range.end.row;
  const firstStep = byColumns ? range.start.row : range.start.col;
  const lastStep = byColumns ? range.end.row : range.end.col;
  const at = (line: number, step: number): CellValue =>
    byColumns ? valueAt(step, line) : valueAt(line, step);
  const cells = (line: number, from: number, to: number): PlottedCells => {
    const values: CellValue[] = [];
    for (let step = from; step <= to; step += 1) values.push(at(line, step));
    const start = byColumns ? { row: from, col: line } : { row: line, col: from };
    const end = byColumns ? { row: to, col: line } : { row: line, col: to };
    return { range: { start, end }, values };
  };
  if (firstLine === lastLine)
    return {
      categories: undefined,
      series: [{ name: undefined, values: cells(firstLine, firstStep, lastStep) }],
    };
  const heads: CellValue[] = [];
  for (let line = firstLine + 1; line <= lastLine; line += 1) heads.push(at(line, firstStep));
  const hasHeader = namesSeries(heads, (value) => displayText(value as CellValue));
  const bodyStart = hasHeader ? firstStep + 1 : firstStep;
  if (bodyStart > lastStep) return undefined;
  const series: PlottedSeries[] = [];
  for (let line = firstLine + 1; line <= lastLine; line += 1)
    series.push({
      name: hasHeader ? cells(line, firstStep, firstStep) : undefined,
      values: cells(line, bodyStart, lastStep),
    });
  return { categories: cells(firstLine, bodyStart, lastStep), series };
}

// ---- export: DrawingML parts ------------------------------------------------------------------

/** Text as XML element content or an attribute value holds it; what XML cannot carry is dropped. */
function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A sheet's name as a reference's prefix: quoted as Gridbook quotes it, and R1C1-like names too. */
function excelSheetPrefix(sheet: string): string {
  const quoted = quoteSheetName(sheet);
  return quoted === sheet && /^(?:R[0-9]*C?[0-9]*|C[0-9]*)$/i.test(sheet) ? `'${sheet}'` : quoted;
}

/** `'Sheet 1'!$B$2:$B$5`: the absolute reference a chart's series formula holds. */
export function absoluteReference(sheet: string, range: RangeAddress): string {
  const cell = (address: { row: number; col: number }) =>
    formatRange({ start: address, end: address }).replace(/^([A-Z]+)([0-9]+)$/, '$$$1$$$2');
  const start = cell(range.start);
  const end = cell(range.end);
  return `${excelSheetPrefix(sheet)}!${start === end ? start : `${start}:${end}`}`;
}

function numberCache(values: readonly CellValue[]): string {
  const points = values
    .map((value, index) => {
      const number = plottedNumber(value);
      return number === null ? '' : `<c:pt idx="${index}"><c:v>${number}</c:v></c:pt>`;
    })
    .join('');
  return `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${points}</c:numCache>`;
}

function stringCache(values: readonly CellValue[]): string {
  const points = values
    .map((value, index) => {
      const text = displayText(value);
      return text === '' ? '' : `<c:pt idx="${index}"><c:v>${xmlText(text)}</c:v></c:pt>`;
    })
    .join('');
  return `<c:strCache><c:ptCount val="${values.length}"/>${points}</c:strCache>`;
}

function numberReference(sheet: string, cells: PlottedCells): string {
  return `<c:numRef><c:f>${xmlText(absoluteReference(sheet, cells.range))}</c:f>${numberCache(cells.values)}</c:numRef>`;
}

function stringReference(sheet: string, cells: PlottedCells): string {
  return `<c:strRef><c:f>${xmlText(absoluteReference(sheet, cells.range))}</c:f>${stringCache(cells.values)}</c:strRef>`;
}

/** Labels that are all numbers stay numbers (Excel then formats them); any text makes them text. */
function categoryReference(sheet: string, cells: PlottedCells): string {
  const allNumbers = cells.values.every((value) => typeof value === 'number');
  return allNumbers ? numberReference(sheet, cells) : stringReference(sheet, cells);
}

/** One `<c:ser>`, its children in CT_BarSer / CT_LineSer / CT_PieSer order. */
function seriesXml(
  type: Chart['chart_type'],
  sheet: string,
  series: PlottedSeries,
  index: number,
  categories: PlottedCells | undefined,
): string {
  const parts = [`<c:idx val="${index}"/>`, `<c:order val="${index}"/>`];
  if (series.name !== undefined) parts.push(`<c:tx>${stringReference(sheet, series.name)}</c:tx>`);
  if (type === 'bar') parts.push('<c:invertIfNegative val="0"/>');
  if (type === 'line') parts.push('<c:marker><c:symbol val="circle"/><c:size val="5"/></c:marker>');
  if (categories !== undefined)
    parts.push(`<c:cat>${categoryReference(sheet, categories)}</c:cat>`);
  parts.push(`<c:val>${numberReference(sheet, series.values)}</c:val>`);
  if (type === 'line') parts.push('<c:smooth val="0"/>');
  return `<c:ser>${parts.join('')}</c:ser>`;
}

const CATEGORY_AXIS_ID = 500000001;
const VALUE_AXIS_ID = 500000002;

const NO_DATA_LABELS =
  '<c:dLbls><c:showLegendKey val="0"/><c:showVal val="0"/><c:showCatName val="0"/>' +
  '<c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>';

/** A category axis and a value axis crossing it, as Excel writes them for a column chart. */
const AXES =
  `<c:catAx><c:axId val="${CATEGORY_AXIS_ID}"/><c:scaling><c:orientation val="minMax"/></c:scaling>` +
  '<c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/>' +
  '<c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>' +
  `<c:crossAx val="${VALUE_AXIS_ID}"/><c:crosses val="autoZero"/><c:auto val="1"/>` +
  '<c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>' +
  `<c:valAx><c:axId val="${VALUE_AXIS_ID}"/><c:scaling><c:orientation val="minMax"/></c:scaling>` +
  '<c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/>' +
  '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="none"/>' +
  '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>' +
  `<c:crossAx val="${CATEGORY_AXIS_ID}"/><c:crosses val="autoZero"/>` +
  '<c:crossBetween val="between"/></c:valAx>';

function titleXml(title: string): string {
  if (title === '') return '<c:autoTitleDeleted val="1"/>';
  const paragraphs = title
    .split(/\r?\n/)
    .map((line) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${xmlText(line)}</a:t></a:r></a:p>`)
    .join('');
  return (
    `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/>${paragraphs}</c:rich></c:tx>` +
    '<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>'
  );
}

/**
 * xl/charts/chartN.xml: a c:chartSpace in CT_ChartSpace order (date1904, lang, roundedCorners,
 * chart), its c:chart in CT_Chart order (title, autoTitleDeleted, plotArea, legend, plotVisOnly,
 * dispBlanksAs), as Excel's own files have them.
 */
export function chartPartXml(chart: Chart, sheet: string, data: PlottedData): string {
  const type = chart.chart_type;
  const series = data.series
    .map((one, index) => seriesXml(type, sheet, one, index, data.categories))
    .join('');
  const axisIds = `<c:axId val="${CATEGORY_AXIS_ID}"/><c:axId val="${VALUE_AXIS_ID}"/>`;
  const plot =
    type === 'bar'
      ? `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${series}${NO_DATA_LABELS}<c:gapWidth val="150"/>${axisIds}</c:barChart>${AXES}`
      : type === 'line'
        ? `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${series}${NO_DATA_LABELS}<c:marker val="1"/>${axisIds}</c:lineChart>${AXES}`
        : `<c:pieChart><c:varyColors val="1"/>${series}${NO_DATA_LABELS}<c:firstSliceAng val="0"/></c:pieChart>`;
  return (
    XML_DECLARATION +
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/>' +
    `<c:chart>${titleXml(chart.title)}<c:plotArea><c:layout/>${plot}</c:plotArea>` +
    '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>' +
    '<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>'
  );
}

/** One chart of a drawing: pinned at its anchor cell, its size in EMU, pointing at `relationship`. */
function anchorXml(chart: Chart, relationship: string, shapeId: number): string {
  const at = tryParseCell(chart.anchor_cell) ?? { row: 0, col: 0 };
  return (
    '<xdr:oneCellAnchor>' +
    `<xdr:from><xdr:col>${at.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${at.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
    `<xdr:ext cx="${chart.width * EMU_PER_PIXEL}" cy="${chart.height * EMU_PER_PIXEL}"/>` +
    '<xdr:graphicFrame macro="">' +
    `<xdr:nvGraphicFramePr><xdr:cNvPr id="${shapeId}" name="Chart ${shapeId - 1}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">' +
    '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ' +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="${relationship}"/>` +
    '</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:oneCellAnchor>'
  );
}

function drawingPartXml(anchors: readonly string[]): string {
  return (
    XML_DECLARATION +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
    `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">${anchors.join('')}</xdr:wsDr>`
  );
}

interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
}

function relationshipXml(one: Relationship): string {
  return `<Relationship Id="${one.id}" Type="${one.type}" Target="${xmlText(one.target)}"/>`;
}

function relationshipsXml(relationships: readonly Relationship[]): string {
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${RELATIONSHIPS}">` +
    relationships.map(relationshipXml).join('') +
    '</Relationships>'
  );
}

/**
 * What follows `<drawing>` in a worksheet (CT_Worksheet's sequence): the element goes before the
 * first of these the sheet has, else last.
 */
const AFTER_DRAWING = [
  'legacyDrawing',
  'legacyDrawingHF',
  'drawingHF',
  'picture',
  'oleObjects',
  'controls',
  'webPublishItems',
  'tableParts',
  'extLst',
];

/** The worksheet's XML with `<drawing r:id>` where CT_Worksheet puts it. */
export function withDrawingElement(worksheetXml: string, relationship: string): string {
  const element = `<drawing r:id="${relationship}"/>`;
  let at = -1;
  for (const name of AFTER_DRAWING) {
    const found = new RegExp(`<${name}[\\s/>]`).exec(worksheetXml);
    if (found !== null && (at === -1 || found.index < at)) at = found.index;
  }
  if (at === -1) at = worksheetXml.lastIndexOf('</worksheet>');
  return worksheetXml.slice(0, at) + element + worksheetXml.slice(at);
}

/** A sheet of the export with charts: its part's name is found through xl/workbook.xml. */
export interface SheetWithCharts {
  /** The name the file gives the sheet. */
  readonly excelName: string;
  readonly charts: readonly Chart[];
  /** The sheet (as the file names it) and cells each chart plots, or undefined to leave it out. */
  readonly plotted: (chart: Chart) => { sheet: string; data: PlottedData } | undefined;
}

interface JsZipFile {
  async(type: 'string'): Promise<string>;
  readonly date: Date;
}
interface JsZip {
  file(name: string): JsZipFile | null;
  file(name: string, data: string, options?: { date?: Date }): JsZip;
  readonly files: Record<string, unknown>;
  generateAsync(options: {
    type: 'nodebuffer';
    compression: 'DEFLATE';
    compressionOptions?: { level: number };
  }): Promise<Buffer>;
}

/** A part's path from a relationship target, relative to the folder of `from` (or absolute). */
function resolveTarget(from: string, target: string): string {
  const parts = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '' || piece === '.') continue;
    if (piece === '..') parts.pop();
    else parts.push(piece);
  }
  return parts.join('/');
}

function relationshipsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function relationshipsOf(xml: string | undefined): Relationship[] {
  if (xml === undefined) return [];
  return elementAttributes(xml, '(?:[\\w.-]+:)?Relationship').flatMap((attributes) => {
    const id = attribute(attributes, 'Id');
    const type = attribute(attributes, 'Type');
    const target = attribute(attributes, 'Target');
    const external = attribute(attributes, 'TargetMode') === 'External';
    return id === undefined || type === undefined || target === undefined || external
      ? []
      : [{ id, type, target }];
  });
}

/** Each worksheet's part by the sheet's name, from xl/workbook.xml and its relationships. */
function worksheetParts(
  workbookXml: string | undefined,
  workbookRels: string | undefined,
): Map<string, string> {
  const parts = new Map<string, string>();
  if (workbookXml === undefined) return parts;
  const targets = new Map(
    relationshipsOf(workbookRels)
      .filter((one) => one.type.endsWith('/worksheet'))
      .map((one) => [one.id, resolveTarget('xl/workbook.xml', one.target)]),
  );
  for (const attributes of elementAttributes(workbookXml, '(?:[\\w.-]+:)?sheet')) {
    const name = attribute(attributes, 'name');
    const id = /(?:^|\s)[\w.-]+:id="([^"]*)"/.exec(attributes)?.[1];
    const part = id === undefined ? undefined : targets.get(unescapeXml(id));
    if (name !== undefined && part !== undefined) parts.set(name, part);
  }
  return parts;
}

function freeName(zip: JsZip, folder: string, stem: string, from: number): [string, number] {
  for (let index = from; ; index += 1) {
    const name = `${folder}/${stem}${index}.xml`;
    if (zip.file(name) === null) return [name, index];
  }
}

function relationshipIds(xml: string | undefined): Set<string> {
  const ids = new Set<string>();
  if (xml === undefined) return ids;
  for (const attributes of elementAttributes(xml, '(?:[\\w.-]+:)?Relationship')) {
    const id = attribute(attributes, 'Id');
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

function freeRelationshipId(taken: ReadonlySet<string>, stem: string): string {
  for (let index = 1; ; index += 1) if (!taken.has(`${stem}${index}`)) return `${stem}${index}`;
}

/**
 * The xlsx `bytes` (as exceljs wrote them) with each sheet's charts added. A sheet whose
 * worksheet already has a drawing (exceljs writes one for images, which Gridbook has none of) is
 * left as it is. Without a chart to write the bytes come back untouched.
 */
export async function addCharts(
  bytes: Buffer,
  sheets: readonly SheetWithCharts[],
): Promise<Buffer> {
  if (!sheets.some((sheet) => sheet.charts.length > 0)) return bytes;
  const { default: JSZip } = (await import('jszip')) as unknown as {
    default: { loadAsync(data: Buffer): Promise<JsZip> };
  };
  const zip = await JSZip.loadAsync(bytes);
  const read = async (name: string): Promise<string | undefined> => zip.file(name)?.async('string');
  const date = zip.file('[Content_Types].xml')?.date;
  const parts = worksheetParts(
    await read('xl/workbook.xml'),
    await read('xl/_rels/workbook.xml.rels'),
  );
  const overrides: string[] = [];
  let chartNumber = 1;
  let drawingNumber = 1;
  let written = 0;
  for (const sheet of sheets) {
    const worksheetPart = parts.get(sheet.excelName);
    const worksheetXml = worksheetPart === undefined ? undefined : await read(worksheetPart);
    if (worksheetPart === undefined || worksheetXml === undefined) continue;
    if (/<drawing[\s/>]/.test(worksheetXml)) continue;
    const charts = sheet.charts.flatMap((chart) => {
      const plotted = sheet.plotted(chart);
      return plotted === undefined ? [] : [{ chart, ...plotted }];
    });
    if (charts.length === 0) continue;
    const [drawingPart, drawingIndex] = freeName(zip, 'xl/drawings', 'drawing', drawingNumber);
    drawingNumber = drawingIndex + 1;
    const anchors: string[] = [];
    const drawingRelationships: Relationship[] = [];
    for (const [index, { chart, sheet: dataSheet, data }] of charts.entries()) {
      const [chartPart, chartIndex] = freeName(zip, 'xl/charts', 'chart', chartNumber);
      chartNumber = chartIndex + 1;
      zip.file(chartPart, chartPartXml(chart, dataSheet, data), { date });
      overrides.push(`<Override PartName="/${chartPart}" ContentType="${CHART_CONTENT_TYPE}"/>`);
      const id = `rId${index + 1}`;
      drawingRelationships.push({
        id,
        type: CHART_RELATIONSHIP,
        target: `../charts/chart${chartIndex}.xml`,
      });
      anchors.push(anchorXml(chart, id, index + 2));
    }
    zip.file(drawingPart, drawingPartXml(anchors), { date });
    zip.file(relationshipsPathOf(drawingPart), relationshipsXml(drawingRelationships), { date });
    overrides.push(`<Override PartName="/${drawingPart}" ContentType="${DRAWING_CONTENT_TYPE}"/>`);
    const sheetRelsPart = relationshipsPathOf(worksheetPart);
    const sheetRelsXml = await read(sheetRelsPart);
    const drawingId = freeRelationshipId(relationshipIds(sheetRelsXml), 'rId');
    const drawingRelationship = {
      id: drawingId,
      type: DRAWING_RELATIONSHIP,
      target: `../drawings/drawing${drawingIndex}.xml`,
    };
    // A relationships part exceljs wrote (hyperlinks, comments) keeps every entry as it is.
    zip.file(
      sheetRelsPart,
      sheetRelsXml === undefined || !sheetRelsXml.includes('</Relationships>')
        ? relationshipsXml([drawingRelationship])
        : sheetRelsXml.replace(
            '</Relationships>',
            `${relationshipXml(drawingRelationship)}</Relationships>`,
          ),
      { date },
    );
    zip.file(worksheetPart, withDrawingElement(worksheetXml, drawingId), { date });
    written += 1;
  }
  if (written === 0) return bytes;
  const contentTypes = await read('[Content_Types].xml');
  if (contentTypes === undefined) return bytes;
  zip.file(
    '[Content_Types].xml',
    contentTypes.replace('</Types>', `${overrides.join('')}</Types>`),
    {
      date,
    },
  );
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}

// ---- import -----------------------------------------------------------------------------------

/** What an import found: each sheet's charts, and why each chart left out was left out. */
export interface ImportedCharts {
  readonly bySheet: ReadonlyMap<string, readonly Chart[]>;
  readonly skipped: readonly string[];
}

/** A sheet of the file being imported, as decodeXlsx read it. */
export interface ImportedSheet {
  readonly name: string;
  readonly layout?: SheetLayout | undefined;
  /** The file's default column width and row height in px (Excel's 64 and 20 when it has none). */
  readonly defaultColumnWidth?: number | undefined;
  readonly defaultRowHeight?: number | undefined;
}

const PREFIX = '(?:[\\w.-]+:)?';

interface Span {
  /** Where the element starts and ends (past its closing tag). */
  readonly start: number;
  readonly end: number;
  readonly content: string;
  /** The namespace prefix it is written with (`c:`, or empty). */
  readonly prefix: string;
  readonly tag: string;
}

/**
 * Each `<tag>…</tag>` (or `<tag/>`) of one of `names`, any namespace prefix, in order, scanning
 * once: an element left open ends the scan (so a damaged part costs one pass, not one per tag).
 */
function spans(xml: string, names: string): Span[] {
  const found: Span[] = [];
  const open = new RegExp(`<(${PREFIX})(${names})(?=[\\s/>])`, 'g');
  for (let match = open.exec(xml); match !== null; match = open.exec(xml)) {
    const tagEnd = xml.indexOf('>', match.index);
    if (tagEnd === -1) break;
    const [, prefix = '', tag = ''] = match;
    if (xml[tagEnd - 1] === '/') {
      found.push({ start: match.index, end: tagEnd + 1, content: '', prefix, tag });
      open.lastIndex = tagEnd + 1;
      continue;
    }
    const close = `</${prefix}${tag}>`;
    const closing = xml.indexOf(close, tagEnd + 1);
    if (closing === -1) break;
    const end = closing + close.length;
    found.push({ start: match.index, end, content: xml.slice(tagEnd + 1, closing), prefix, tag });
    open.lastIndex = end;
  }
  return found;
}

/** The content of each `<name>…</name>` (any namespace prefix), in order. */
function elements(xml: string, name: string): string[] {
  return spans(xml, name).map((span) => span.content);
}

function element(xml: string, name: string): string | undefined {
  return elements(xml, name)[0];
}

/** The `val` attribute of the first `<name val="…"/>`. */
function valueOf(xml: string, name: string): string | undefined {
  const attributes = elementAttributes(xml, `${PREFIX}${name}`)[0];
  return attributes === undefined ? undefined : attribute(attributes, 'val');
}

/** The XML without the elements named (and what they hold). */
function without(xml: string, names: readonly string[]): string {
  let kept = '';
  let from = 0;
  for (const span of spans(xml, names.join('|'))) {
    kept += xml.slice(from, span.start);
    from = span.end;
  }
  return kept + xml.slice(from);
}

interface SeriesReference {
  readonly sheet: string | undefined;
  readonly range: RangeAddress;
}

/** A series formula's one range (`'Q3 data'!$B$2:$B$5`); undefined for anything else. */
function referenceOf(formula: string | undefined): SeriesReference | undefined {
  if (formula === undefined) return undefined;
  const text = unescapeXml(formula).trim();
  if (text === '' || /[(),]/.test(text)) return undefined;
  const split = splitSheetPrefix(text);
  const range = split === undefined ? undefined : tryParseRange(text);
  if (split === undefined || range === undefined) return undefined;
  return { sheet: split.sheet, range: { start: range.start, end: range.end } };
}

interface ReadSeries {
  readonly order: number;
  /** Undefined: no name; null: a name that is not a reference. */
  readonly name: SeriesReference | undefined | null;
  readonly categories: SeriesReference | undefined | null;
  readonly values: SeriesReference | undefined | null;
}

function seriesOf(xml: string): ReadSeries {
  const own = without(xml, ['dLbls', 'dPt', 'trendline', 'errBars', 'extLst', 'spPr', 'txPr']);
  const reference = (container: string | undefined): SeriesReference | undefined | null => {
    if (container === undefined) return undefined;
    return referenceOf(element(container, 'f')) ?? null;
  };
  return {
    order: Number(valueOf(own, 'order') ?? valueOf(own, 'idx') ?? 0),
    name: reference(element(own, 'tx')),
    categories: reference(element(own, 'cat')),
    values: reference(element(own, 'val')),
  };
}

function sameSheet(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

type Mapped = { data_range: string; orientation: Chart['orientation'] } | string;

/**
 * The Gridbook data range and orientation whose reading (chart-data.ts) gives these series, or
 * why there is none: every series a line (column or row) of one sheet, side by side in order,
 * the labels the line before them, each name the cell before its values.
 */
function mappedRange(series: readonly ReadSeries[], host: string): Mapped {
  if (series.length === 0) return 'it has no series';
  const values = series.map((one) => one.values);
  if (values.some((one) => one === undefined || one === null))
    return 'a series takes its values from something other than one range';
  const ranges = values as SeriesReference[];
  const sheet = ranges[0]!.sheet;
  const others = series
    .flatMap((one) => [one.name, one.categories])
    .filter((one) => one !== undefined);
  if (others.some((one) => one === null)) return 'a series name or label is not one range';
  if (![...ranges, ...(others as SeriesReference[])].every((one) => sameSheet(one.sheet, sheet)))
    return 'its series are on more than one sheet';
  const singleColumns = ranges.every((one) => one.range.start.col === one.range.end.col);
  const singleRows = ranges.every((one) => one.range.start.row === one.range.end.row);
  if (!singleColumns && !singleRows) return 'a series spans more than one column or row';
  const orientation: Chart['orientation'] = singleColumns ? 'columns' : 'rows';
  // Work in "columns" form: `line` is the column (or row) of a series, `step` along it.
  const lineOf = (range: RangeAddress) => (singleColumns ? range.start.col : range.start.row);
  const stepsOf = (range: RangeAddress) =>
    singleColumns ? [range.start.row, range.end.row] : [range.start.col, range.end.col];
  const [firstStep, lastStep] = stepsOf(ranges[0]!.range) as [number, number];
  const firstLine = lineOf(ranges[0]!.range);
  for (const [index, one] of ranges.entries()) {
    const [from, to] = stepsOf(one.range) as [number, number];
    if (from !== firstStep || to !== lastStep || lineOf(one.range) !== firstLine + index)
      return 'its series are not side by side over the same cells';
  }
  const categories = series.map((one) => one.categories as SeriesReference | undefined);
  const named = series.map((one) => one.name as SeriesReference | undefined);
  const withLabels = categories[0] !== undefined;
  if (categories.some((one) => (one !== undefined) !== withLabels))
    return 'only some series have labels';
  if (withLabels) {
    const labels = categories[0]!.range;
    const [from, to] = stepsOf(labels) as [number, number];
    const oneLine = singleColumns
      ? labels.start.col === labels.end.col
      : labels.start.row === labels.end.row;
    if (
      !oneLine ||
      from !== firstStep ||
      to !== lastStep ||
      lineOf(labels) !== firstLine - 1 ||
      categories.some((one) => formatRange(one!.range) !== formatRange(labels))
    )
      return 'its labels are not the column (or row) before its series';
  } else if (series.length > 1) return 'it has several series and no labels';
  const withHeader = withLabels && named.every((one) => one !== undefined);
  if (withHeader)
    for (const [index, one] of named.entries()) {
      const cell = one!.range;
      const at = singleColumns
        ? { row: firstStep - 1, col: firstLine + index }
        : { row: firstLine + index, col: firstStep - 1 };
      if (formatRange(cell) !== formatRange({ start: at, end: at }))
        return 'its series names are not the cells before its values';
    }
  const startStep = withHeader ? firstStep - 1 : firstStep;
  const startLine = withLabels ? firstLine - 1 : firstLine;
  const lastLine = firstLine + ranges.length - 1;
  const range: RangeAddress = singleColumns
    ? { start: { row: startStep, col: startLine }, end: { row: lastStep, col: lastLine } }
    : { start: { row: startLine, col: startStep }, end: { row: lastLine, col: lastStep } };
  const cells = formatRange(range);
  return {
    data_range:
      sheet === undefined || sameSheet(sheet, host) ? cells : `${quoteSheetName(sheet)}!${cells}`,
    orientation,
  };
}

const CHART_TYPES: Readonly<Record<string, Chart['chart_type']>> = {
  barChart: 'bar',
  lineChart: 'line',
  pieChart: 'pie',
};

function titleOf(chartXml: string): string {
  const beforePlot = chartXml.split(/<(?:[\w.-]+:)?plotArea[\s>]/)[0] ?? '';
  const title = element(beforePlot, 'title');
  if (title === undefined) return '';
  const paragraphs = elements(title, 'p').map((paragraph) =>
    elements(paragraph, 't').map(unescapeXml).join(''),
  );
  const text =
    paragraphs.length > 0 ? paragraphs.join('\n') : elements(title, 'v').map(unescapeXml).join('');
  return text.slice(0, 500);
}

interface ChartReading {
  readonly title: string;
  readonly chart_type: Chart['chart_type'];
  readonly data_range: string;
  readonly orientation: Chart['orientation'];
}

/** A chart part read as a Gridbook chart, or why it is not one. */
export function chartOfPart(chartXml: string, host: string): ChartReading | string {
  const plotArea = element(chartXml, 'plotArea');
  if (plotArea === undefined) return 'it has no plot area';
  const kinds = [
    ...new Set([...plotArea.matchAll(/<(?:[\w.-]+:)?(\w+Chart)[\s>]/g)].map((match) => match[1]!)),
  ];
  if (kinds.length !== 1)
    return kinds.length === 0 ? 'it plots nothing' : 'it combines chart types';
  const chartType = CHART_TYPES[kinds[0]!];
  if (chartType === undefined) return `a ${kinds[0]} has no Gridbook counterpart`;
  const plot = element(plotArea, kinds[0]!) ?? '';
  const series = elements(plot, 'ser')
    .map(seriesOf)
    .sort((a, b) => a.order - b.order);
  const mapped = mappedRange(series, host);
  if (typeof mapped === 'string') return mapped;
  return { title: titleOf(chartXml), chart_type: chartType, ...mapped };
}

interface Anchor {
  readonly cell: { row: number; col: number };
  readonly width: number;
  readonly height: number;
  readonly chartRelationship: string;
}

function integer(text: string | undefined): number {
  const value = Number(text);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** A drawing's `<from>`/`<to>` marker: its cell and offsets in EMU. */
function markerOf(xml: string | undefined) {
  return {
    col: integer(element(xml ?? '', 'col')),
    colOff: integer(element(xml ?? '', 'colOff')),
    row: integer(element(xml ?? '', 'row')),
    rowOff: integer(element(xml ?? '', 'rowOff')),
  };
}

/** Column widths and row heights in px, as the imported sheet has them (Excel's defaults else). */
function geometryOf(sheet: ImportedSheet) {
  const widths = new Map(sheet.layout?.columnWidths ?? []);
  const heights = new Map(sheet.layout?.rowHeights ?? []);
  const defaultWidth = sheet.defaultColumnWidth ?? EXCEL_COLUMN_PX;
  const defaultHeight = sheet.defaultRowHeight ?? EXCEL_ROW_PX;
  const width = (col: number) => widths.get(col) ?? defaultWidth;
  const height = (row: number) => heights.get(row) ?? defaultHeight;
  const span = (size: (index: number) => number, from: number, to: number): number => {
    let total = 0;
    for (let index = from; index < Math.min(to, from + 20_000); index += 1) total += size(index);
    return total;
  };
  /** The index whose cell holds `px` from the sheet's edge. */
  const at = (size: (index: number) => number, px: number): number => {
    let index = 0;
    for (let edge = size(0); edge <= px && index < 16_383; edge += size(index)) index += 1;
    return index;
  };
  return { width, height, span, at };
}

function anchorsOf(drawingXml: string, sheet: ImportedSheet): Anchor[] {
  const geometry = geometryOf(sheet);
  const anchors: Anchor[] = [];
  for (const span of spans(drawingXml, 'twoCellAnchor|oneCellAnchor|absoluteAnchor')) {
    const kind = span.tag;
    const inner = span.content;
    const charts = [...inner.matchAll(/<(?:[\w.-]+:)?chart\b([^>]*)>/g)]
      .map((chart) => /(?:^|\s)[\w.-]+:id="([^"]*)"/.exec(chart[1]!)?.[1])
      .filter((id) => id !== undefined);
    if (charts.length !== 1) continue;
    // The anchor's own <ext>, not the frame's <a:ext> inside graphicFrame.
    const own = inner.split(/<(?:[\w.-]+:)?(?:graphicFrame|grpSp|sp|pic)[\s>]/)[0] ?? '';
    const ext = elementAttributes(own, `${PREFIX}ext`)[0];
    const extent = {
      width: integer(ext === undefined ? undefined : attribute(ext, 'cx')) / EMU_PER_PIXEL,
      height: integer(ext === undefined ? undefined : attribute(ext, 'cy')) / EMU_PER_PIXEL,
    };
    let cell: { row: number; col: number };
    let size: { width: number; height: number };
    if (kind === 'absoluteAnchor') {
      const pos = elementAttributes(own, `${PREFIX}pos`)[0] ?? '';
      const x = integer(attribute(pos, 'x')) / EMU_PER_PIXEL;
      const y = integer(attribute(pos, 'y')) / EMU_PER_PIXEL;
      cell = { row: geometry.at(geometry.height, y), col: geometry.at(geometry.width, x) };
      size = extent;
    } else {
      const from = markerOf(element(own, 'from'));
      cell = { row: from.row, col: from.col };
      if (kind === 'oneCellAnchor') size = extent;
      else {
        const to = markerOf(element(own, 'to'));
        size = {
          width:
            geometry.span(geometry.width, from.col, to.col) +
            (to.colOff - from.colOff) / EMU_PER_PIXEL,
          height:
            geometry.span(geometry.height, from.row, to.row) +
            (to.rowOff - from.rowOff) / EMU_PER_PIXEL,
        };
      }
    }
    anchors.push({
      cell,
      width: Math.round(size.width),
      height: Math.round(size.height),
      chartRelationship: charts[0]!,
    });
  }
  return anchors;
}

function clampSize(px: number, fallback: number): number {
  return Number.isFinite(px) && px >= 1 ? Math.min(MAX_CHART_PX, Math.round(px)) : fallback;
}
const MAX_CHART_PX = 10_000;

/**
 * The charts of the file's worksheets that Gridbook can draw, by sheet name. Never throws: a
 * chart (or part) that cannot be read is skipped, with the reason in `skipped`.
 */
export async function readCharts(
  data: Uint8Array,
  sheets: readonly ImportedSheet[],
): Promise<ImportedCharts> {
  const bySheet = new Map<string, Chart[]>();
  const skipped: string[] = [];
  try {
    const read = async (name: string): Promise<string | undefined> =>
      (await readParts(data, [name], CHART_PART_BYTES)).get(name);
    const parts = worksheetParts(
      await read('xl/workbook.xml'),
      await read('xl/_rels/workbook.xml.rels'),
    );
    let count = 0;
    for (const sheet of sheets) {
      const worksheetPart = parts.get(sheet.name);
      if (worksheetPart === undefined) continue;
      const drawings = relationshipsOf(await read(relationshipsPathOf(worksheetPart))).filter(
        (one) => one.type.endsWith('/drawing'),
      );
      const charts: Chart[] = [];
      for (const drawing of drawings) {
        const drawingPart = resolveTarget(worksheetPart, drawing.target);
        const drawingXml = await read(drawingPart);
        if (drawingXml === undefined) continue;
        const targets = new Map(
          relationshipsOf(await read(relationshipsPathOf(drawingPart)))
            .filter((one) => one.type.endsWith('/chart'))
            .map((one) => [one.id, resolveTarget(drawingPart, one.target)]),
        );
        for (const anchor of anchorsOf(drawingXml, sheet)) {
          const chartPart = targets.get(anchor.chartRelationship);
          if (chartPart === undefined) continue;
          count += 1;
          if (count > MAX_IMPORTED_CHARTS) {
            skipped.push(`${chartPart}: more than ${MAX_IMPORTED_CHARTS} charts`);
            continue;
          }
          const chartXml = await read(chartPart);
          const reading =
            chartXml === undefined ? 'its part cannot be read' : chartOfPart(chartXml, sheet.name);
          if (typeof reading === 'string') {
            skipped.push(`${chartPart} on sheet "${sheet.name}": ${reading}`);
            continue;
          }
          try {
            charts.push(
              validateChart({
                ...reading,
                id: `chart_xlsx${count}`,
                anchor_cell: formatRange({ start: anchor.cell, end: anchor.cell }),
                width: clampSize(anchor.width, 400),
                height: clampSize(anchor.height, 280),
              }),
            );
          } catch (error) {
            skipped.push(`${chartPart} on sheet "${sheet.name}": ${(error as Error).message}`);
          }
        }
      }
      if (charts.length > 0) bySheet.set(sheet.name, charts);
    }
  } catch (error) {
    skipped.push(`charts could not be read (${(error as Error).message})`);
  }
  return { bySheet, skipped };
}
