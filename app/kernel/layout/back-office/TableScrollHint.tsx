/**
 * Says that the table below scrolls sideways. On a phone a wide table shows two
 * columns and nothing else tells that there are more. The CSS shows this line on
 * screens narrower than the tables (app/kernel/layout/back-office/admin.css, .table-scroll-hint), or
 * at every width for a table wider than any screen (`always`: the members table's 14
 * columns need about 2,200 px).
 */
export function TableScrollHint({ always = false }: { always?: boolean }) {
  return (
    <p className={always ? "table-scroll-hint table-scroll-hint-always" : "table-scroll-hint"}>
      Scroll sideways to see every column <span aria-hidden="true">→</span>
    </p>
  );
}
