/**
 * Where a table's Excel download is, and what it is called: the CSV's twin (ADR 48).
 * Its own file, without imports, because the back office's table component (browser
 * code) needs the link and nothing else of the column model.
 */

/** The Excel twin of a CSV download's address: `/accounts/export.csv?q=a` → `/accounts/export.xlsx?q=a`. */
export function xlsxHref(csvHref: string): string {
  const [path = "", query] = csvHref.split(/\?(.*)/s, 2);
  return `${path.replace(/\.csv$/, ".xlsx")}${query === undefined ? "" : `?${query}`}`;
}

/** The Excel twin of a CSV download's file name: `members-2026-11-21.csv` → `members-2026-11-21.xlsx`. */
export function xlsxFilename(csvFilename: string): string {
  return csvFilename.replace(/\.csv$/, ".xlsx");
}
