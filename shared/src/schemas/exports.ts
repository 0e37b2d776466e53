import { Type, type Static } from 'typebox'
import { LineText } from './text.ts'
import { DateQuery } from './common.ts'

/** GET /bff/exports/relatorio.xlsx: the report (docs/product.md, Report row)'s range (checked by reportRangeProblem). */
export const ReportQuery = Type.Object({ start_date: Type.Optional(DateQuery), end_date: Type.Optional(DateQuery) })
export type ReportQuery = Static<typeof ReportQuery>

const CellValue = Type.Union([Type.String({ maxLength: 40_000 }), Type.Number(), Type.Boolean(), Type.Null()])

/** POST /bff/exports/render: the export control's generic render (docs/product.md, Spreadsheet export). */
export const RenderBody = Type.Object(
  {
    rows: Type.Array(Type.Record(Type.String({ maxLength: 100 }), CellValue), { maxItems: 1_048_576 }),
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }))),
    type: Type.Optional(LineText(10)),
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[^\\\\/:*?"<>|\\p{Cc}]+$' })),
    worksheetName: Type.Optional(LineText(100)),
    header: Type.Optional(Type.Array(LineText(500), { maxItems: 20 })),
    footer: Type.Optional(Type.Array(LineText(500), { maxItems: 20 })),
    defaultValue: Type.Optional(LineText(100)),
    rtl: Type.Optional(Type.Boolean()),
    quoteLongNumbers: Type.Optional(Type.Boolean()),
    numberFormats: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 60 }))),
    columnWidths: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Number({ minimum: 1, maximum: 255 }))),
    escapeCsv: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type RenderBody = Static<typeof RenderBody>
