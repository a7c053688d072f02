// CSV in one place for the server and the web: one writer (csv-stringify) with one formula rule,
// one reader (csv-parse). Browser entry points of both, so the web's lazily loaded pages can use it.
export { csvText } from './cell';
export { CSV_PARSE_OPTIONS, parseCsv } from './parse';
export { csvCell, toCsv, type TCsvLineEnding } from './write';
