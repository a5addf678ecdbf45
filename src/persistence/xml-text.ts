// Reading a few attributes and elements out of an xlsx part's XML text, for the parts whose
// content exceljs drops (defined names in xl/workbook.xml, table definitions in xl/tables/):
// no XML parser, just the element's attributes and Excel's entity escapes.
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Text as XML escapes it (`&amp;`, `&#10;`, `&#x41;`) read back. */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** One attribute of an element's attribute text (`name="x" ref="A1"`), unescaped. */
export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes);
  return match === null ? undefined : unescapeXml(match[1]!);
}

/**
 * The attribute text of each `<tag …>` (opening or self-closing) in the XML, in order. A value
 * may hold a bare `>` (Excel writes `name="a&lt;>"`): quoted values are read whole.
 */
export function elementAttributes(xml: string, tag: string): string[] {
  const found: string[] = [];
  for (const match of xml.matchAll(new RegExp(`<${tag}(\\s(?:[^>"]|"[^"]*")*?)?/?>`, 'g')))
    found.push(match[1] ?? '');
  return found;
}
