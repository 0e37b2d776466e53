import type { Row, Worksheet } from 'exceljs'

// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NEEDS_ESCAPE = /[\x00-\x08\x0b-\x1f]|_x[0-9A-Fa-f]{4}_/
/** What a plain `t="str"` cell may lose in a spreadsheet program: edge whitespace, tabs, line breaks, runs of spaces. */
const NEEDS_INLINE = /^\s|\s$|[\t\r\n]|\s\s/

/**
 * Text exactly as stored, for any spreadsheet program, at the library's cost for ordinary text.
 *
 * Ordinary text is a plain string (exceljs writes `t="str"`). Text a plain cell would change is
 * written as an inline string (`t="inlineStr"`, exceljs's rich-text cell) whose `<t>` gets
 * `xml:space="preserve"`: a plain cell lost leading and trailing spaces, tabs and CRs in
 * LibreOffice. XML turns a CR into a LF when read, so CRs and the other control characters are
 * written as OOXML's `_xHHHH_` escapes, and a literal `_xHHHH_` in the text is escaped itself
 * (`_x005F_`), as Excel does.
 */
export function xlsxText(text: string): string | { richText: { text: string }[] } {
  // Most text needs neither: two regex scans instead of a loop over every character.
  const escape = NEEDS_ESCAPE.test(text)
  if (!escape && !NEEDS_INLINE.test(text)) return text
  if (!escape) return { richText: [{ text }] }
  let escaped = ''
  for (const ch of text.replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')) {
    const code = ch.charCodeAt(0)
    // Tab and LF pass as they are (XML keeps them); every other C0 control character is escaped.
    escaped += code < 0x20 && code !== 0x09 && code !== 0x0a ? `_x${code.toString(16).toUpperCase().padStart(4, '0')}_` : ch
  }
  return { richText: [{ text: escaped }] }
}

/**
 * Each column's style as one object every cell of it shares. exceljs gives each new cell a fresh
 * copy of its column's style, and a style object it has not seen costs a lookup by its rendered
 * XML when the row is written; a shared object is found by identity.
 */
export function sharedColumnStyles(sheet: Worksheet, columns: number): (row: Row) => Row {
  const styles = Array.from({ length: columns }, (_, i) => ({ ...sheet.getColumn(i + 1).style }))
  return (row) => {
    for (let i = 0; i < columns; i++) row.getCell(i + 1).style = styles[i]!
    return row
  }
}
