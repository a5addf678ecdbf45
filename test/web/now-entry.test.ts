// Ctrl+; and Ctrl+Shift+; (docs/ui-rules.md EDIT-14): which key asks for what, and the text each
// types, which typed input must read back as a date or time with its format.
import { describe, expect, it } from 'vitest';
import { parseTypedNumber } from '../../src/core/format/number-format.js';
import { nowEntryOf, nowEntryText } from '../../web/src/grid/now-entry.js';

const plain = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };

describe('[EDIT-14] date and time keys', () => {
  it('Ctrl+; is the date and Ctrl+Shift+; the time, by the physical key or the character', () => {
    expect(nowEntryOf({ ...plain, ctrlKey: true, key: ';', code: 'Semicolon' })).toBe('date');
    // A US layout reports Shift+; as ":".
    expect(
      nowEntryOf({ ...plain, ctrlKey: true, shiftKey: true, key: ':', code: 'Semicolon' }),
    ).toBe('time');
    expect(nowEntryOf({ ...plain, metaKey: true, key: ';' })).toBe('date');
    expect(nowEntryOf({ ...plain, ctrlKey: true, key: ':' })).toBe('time');
    expect(nowEntryOf({ ...plain, key: ';', code: 'Semicolon' })).toBeUndefined();
    expect(
      nowEntryOf({ ...plain, ctrlKey: true, altKey: true, key: ';', code: 'Semicolon' }),
    ).toBeUndefined();
    expect(nowEntryOf({ ...plain, ctrlKey: true, key: 'd', code: 'KeyD' })).toBeUndefined();
  });

  it('types the local date as m/d/yyyy and the time as h:mm AM/PM, which typing reads back', () => {
    const date = nowEntryText('date', new Date(2026, 11, 1, 0, 5));
    expect(date).toBe('12/1/2026');
    expect(parseTypedNumber(date, 'en-US')).toEqual({ value: 46357, numberFormat: 'm/d/yyyy' });
    expect(nowEntryText('time', new Date(2026, 11, 1, 0, 5))).toBe('12:05 AM');
    expect(nowEntryText('time', new Date(2026, 11, 1, 12, 30))).toBe('12:30 PM');
    const time = nowEntryText('time', new Date(2026, 0, 9, 15, 45));
    expect(time).toBe('3:45 PM');
    expect(parseTypedNumber(time, 'en-US')).toEqual({
      value: 0.65625,
      numberFormat: 'h:mm AM/PM',
    });
  });

  it("types the date and time in the server's locale, each reading back as this very moment there", () => {
    const now = new Date(2026, 11, 1, 15, 45);
    // en-GB reads US-style 12/1/2026 as 12 January: the text must be its own 01/12/2026.
    for (const [locale, date, time] of [
      ['en-GB', '01/12/2026', '15:45'],
      ['de-DE', '1.12.2026', '15:45'],
      // A short form the reader does not take (2026. 12. 1., PM 3:45): the forms all locales read.
      ['ko-KR', '2026-12-01', '15:45'],
      // Another calendar's date (the Persian 1405/9/10) is never typed as if it were this one.
      ['fa-IR', '2026-12-01', '15:45'],
    ] as const) {
      expect(nowEntryText('date', now, locale), locale).toBe(date);
      expect(parseTypedNumber(date, locale)?.value, locale).toBe(46357);
      expect(nowEntryText('time', now, locale), locale).toBe(time);
      expect(parseTypedNumber(time, locale)?.value, locale).toBe(0.65625);
    }
  });
});
