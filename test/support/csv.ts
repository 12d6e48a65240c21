/**
 * A strict RFC 4180 reader for tests (no CSV parser is installed): CRLF between
 * records, fields in double quotes may hold commas, quotes (doubled) and line
 * breaks. It throws on anything else (a bare quote inside an unquoted field, a lone
 * line break outside quotes, a missing final CRLF), so a sloppy export fails the test.
 * The BOM, if any, must be stripped first.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  const fail = (why: string): never => {
    throw new Error(`Not RFC 4180 at ${index}: ${why} (${JSON.stringify(text.slice(Math.max(0, index - 20), index + 20))})`);
  };
  while (index < text.length) {
    let field = "";
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) fail("unterminated quoted field");
        const char = text[index]!;
        if (char === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        field += char;
        index += 1;
      }
    } else {
      while (index < text.length && text[index] !== "," && text[index] !== "\r" && text[index] !== "\n") {
        if (text[index] === '"') fail("quote inside an unquoted field");
        field += text[index];
        index += 1;
      }
    }
    record.push(field);
    if (text[index] === ",") {
      index += 1;
      continue;
    }
    if (text.startsWith("\r\n", index)) {
      index += 2;
      records.push(record);
      record = [];
      continue;
    }
    fail(index >= text.length ? "no CRLF after the last record" : "a line break that is not CRLF, or text after a closing quote");
  }
  if (record.length > 0) fail("unfinished record");
  return records;
}
