// Which Excel saved an .xlsx (docProps/app.xml's <Application>) and what that means for the
// workbook: Excel for the Mac computes CHAR and CODE in the Macintosh character set, Excel for
// Windows, on the web and on Android in the Windows code page 1252 (Microsoft's CHAR page;
// the conformance corpus's cached values agree: every Mac-saved CHAR(128..255) is Mac Roman,
// every Windows-saved one code page 1252). Export names the Mac when the workbook computes the
// Mac's way, so the file reads back the same.
import type ExcelJS from 'exceljs';
import { DEFAULT_CHARACTER_SET, type CharacterSet } from '../core/index.js';
import { readPart } from './zip-entries.js';

/** What Excel for the Mac writes as its <Application> (2008 to 365 alike). */
export const MAC_EXCEL_APPLICATION = 'Microsoft Macintosh Excel';
/** What exceljs writes, as Excel for Windows does. */
const WINDOWS_EXCEL_APPLICATION = 'Microsoft Excel';
const APP_PART = 'docProps/app.xml';
/** An app.xml is a few kilobytes; a larger one is not read. */
const MAX_APP_XML_BYTES = 1024 * 1024;

const APPLICATION = /<(?:\w+:)?Application>\s*([^<]*?)\s*<\/(?:\w+:)?Application>/;

/** The character set of a workbook saved by the application `appXml` names (undefined: no app.xml). */
export function characterSetOfAppXml(appXml: string | undefined): CharacterSet {
  const application = appXml === undefined ? undefined : APPLICATION.exec(appXml)?.[1];
  return application === MAC_EXCEL_APPLICATION ? 'mac-roman' : DEFAULT_CHARACTER_SET;
}

/** The character set the file's own application computed its CHAR and CODE with. */
export async function readCharacterSet(data: Uint8Array): Promise<CharacterSet> {
  return characterSetOfAppXml(await readPart(data, APP_PART, MAX_APP_XML_BYTES));
}

interface AppWriting {
  addApp?: (zip: ZipAppend, ...rest: unknown[]) => unknown;
}
interface ZipAppend {
  append(data: unknown, options: { name: string }): unknown;
}

/**
 * exceljs always writes "Microsoft Excel" as the application: for a workbook computing in the
 * Macintosh character set its app.xml names Excel for the Mac instead, as the file came.
 */
export function writeApplicationFor(workbook: ExcelJS.Workbook, characterSet: CharacterSet): void {
  if (characterSet !== 'mac-roman') return;
  const writer = workbook.xlsx as unknown as AppWriting;
  const original = writer.addApp;
  if (typeof original !== 'function') return;
  writer.addApp = function (this: unknown, zip: ZipAppend, ...rest: unknown[]) {
    const renaming: ZipAppend = {
      append: (data, options) =>
        zip.append(
          typeof data === 'string'
            ? data.replace(
                `<Application>${WINDOWS_EXCEL_APPLICATION}</Application>`,
                `<Application>${MAC_EXCEL_APPLICATION}</Application>`,
              )
            : data,
          options,
        ),
    };
    return original.call(this, renaming, ...rest);
  };
}
