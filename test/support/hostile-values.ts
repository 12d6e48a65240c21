import fc from "fast-check";

/**
 * Hostile form values and route parameters for the property-based tests
 * (test/integration/whole-site/hostile-input.test.ts): what an attacker, a broken client
 * or a confused person might send, as fast-check arbitraries.
 */

/** A value as it goes on the wire: text (encoded as browsers do) or raw percent-escaped bytes (invalid UTF-8, bad escapes). */
export type HostileValue = { text: string } | { raw: string };

const KB100 = 100_000;

/** Hand-picked values, each a known way to break a parser, a page, a database or a spreadsheet. */
export const HOSTILE_SAMPLES: readonly string[] = [
  // Markup and script
  "<script>alert(1)</script>",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "</textarea><script>alert(1)</script>",
  "{{7*7}}${7*7}<%= 7*7 %>",
  // SQL fragments
  "' OR 1=1 --",
  "'; DROP TABLE members; --",
  '" OR ""="',
  "1; SELECT * FROM members",
  "%' AND 1=1 AND '%'='",
  // Spreadsheet formulas (OWASP CSV injection)
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(1)",
  "\t=1+1",
  "\r=1+1",
  "＝1+1",
  // Control characters, NUL, line breaks
  "\u0000",
  "a\u0000b",
  "\u0000\u0001\u0002\u0003\u0007\u0008\u001b[31m",
  "\r\n\r\nSet-Cookie: x=1",
  "line1\nline2\rline3",
  "\u007f\u0085\u2028\u2029",
  // Unicode edge cases
  "\ud800",
  "a\udfffb",
  "\udc00\ud800",
  "\u202egnp.exe",
  "abc\u200b\u200c\u200d\ufeff",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "Z̷̢̛̤͎̪̫̈́̍̒͋ä̴̡̧̛̮̞́l̵̙̪̮̓g̸̣̈́o̸̱̓",
  "😀👨‍👩‍👧‍👦🏳️‍🌈",
  "ﬁﬂ ℌ ① ＡＢＣ ㎏ Ⅸ",
  "İı ß ẞ ǅ",
  "\ufffd\ufffe\uffff",
  // Unicode digits (a \d without the u flag must not take them)
  "٠٧٧٠٠٩٠٠١٢٣",
  "０７７００９００１２３",
  "𝟎𝟕𝟕𝟎𝟎𝟗𝟎𝟎𝟏𝟐𝟑",
  "২০১৫",
  "²⁰¹⁵",
  // Numbers
  "1e308",
  "-1e308",
  "9007199254740993",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-99",
  "0x10",
  "1.5",
  " 2 ",
  "99999999999999999999999999",
  "0.0000001",
  // Dates far away
  "0000-01-01",
  "0",
  "9999",
  "9999-12-31",
  "275760-09-13",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20",
  "1899",
  "2999",
  // Wrong types
  '["a","b"]',
  '{"$gt":""}',
  '{"__proto__":{"role":"accountant"}}',
  "[object Object]",
  "null",
  "undefined",
  "true",
  "",
  " ",
  "\t \n",
  // Names that look like ours
  "accountant",
  "MMA1",
  "000000000000000000000000",
  "../../etc/passwd",
  "%2e%2e%2f",
  "on",
];

/** Values of 100 kB (built once). */
export const LONG_SAMPLES: readonly string[] = [
  "a".repeat(KB100),
  "<script>".repeat(KB100 / 8),
  "😀".repeat(KB100 / 4),
  "1".repeat(KB100),
  "\u0000".repeat(KB100),
];

/** Bytes a browser never sends: invalid UTF-8, encoded surrogates, broken escapes. */
export const RAW_SAMPLES: readonly string[] = ["%FF%FE", "%ED%A0%80", "%C0%AF", "%00", "%E2%80%AE%00", "%", "%zz", "%%41", "%F4%90%80%80"];

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 4 });
const controls = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 8 });

/** Any hostile text: the samples, mixed with generated strings, numbers and surrogates. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_SAMPLES), weight: 10 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: loneSurrogates, weight: 1 },
  { arbitrary: controls, weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_SAMPLES), fc.constantFrom(...HOSTILE_SAMPLES)).map(([a, b]) => a + b), weight: 2 },
  { arbitrary: fc.constantFrom(...LONG_SAMPLES), weight: 1 },
);

export const hostileValue: fc.Arbitrary<HostileValue> = fc.oneof(
  { arbitrary: hostileText.map((text) => ({ text })), weight: 12 },
  { arbitrary: fc.constantFrom(...RAW_SAMPLES).map((raw) => ({ raw })), weight: 1 },
);

/** What a hostile post does to one field. */
export type FieldEdit = { field: string; op: "set" | "duplicate" | "file"; value: HostileValue } | { field: string; op: "drop" };

/** One to `most` edits on distinct fields of a form (set, sent twice, sent as a file, or left out). */
export function formEdits(fields: readonly string[], values: fc.Arbitrary<HostileValue> = hostileValue, most = 6): fc.Arbitrary<FieldEdit[]> {
  const edit = (field: string): fc.Arbitrary<FieldEdit> =>
    fc.oneof(
      { arbitrary: values.map((value): FieldEdit => ({ field, op: "set", value })), weight: 8 },
      { arbitrary: values.map((value): FieldEdit => ({ field, op: "duplicate", value })), weight: 2 },
      { arbitrary: values.map((value): FieldEdit => ({ field, op: "file", value })), weight: 1 },
      { arbitrary: fc.constant<FieldEdit>({ field, op: "drop" }), weight: 1 },
    );
  return fc
    .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: Math.min(most, fields.length) })
    .chain((chosen) => fc.tuple(...chosen.map(edit)));
}

/** The hostile values an edit list posts (a left-out field posts none). */
export const valuesPosted = (edits: readonly FieldEdit[]) => edits.filter((edit) => edit.op !== "drop").length;

/** Lone surrogates replaced by U+FFFD, as a browser's form and TextEncoder do (with the u flag, pairs are left alone). */
export const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/gu, "\ufffd");

/** Percent-encodes text as a browser's form does (a lone surrogate becomes U+FFFD, as TextEncoder does). */
function encodeText(text: string): string {
  return new URLSearchParams({ v: text }).toString().slice(2);
}

const encodeValue = (value: HostileValue) => ("raw" in value ? value.raw : encodeText(value.text));

/** The text a value stands for (raw bytes decoded leniently), for files and multipart bodies. */
export function valueText(value: HostileValue): string {
  if ("text" in value) return value.text;
  return new URLSearchParams(`v=${value.raw}`).get("v") ?? "";
}

/**
 * A form body: `base` (a valid post) with the edits applied. Multipart when an edit sends
 * a file (or when asked), otherwise urlencoded with the raw bytes kept as they are.
 */
export function hostileBody(base: Record<string, string>, edits: readonly FieldEdit[], multipart = false): { body: BodyInit; contentType?: string } {
  const pairs: Array<[string, HostileValue | { file: HostileValue }]> = Object.entries(base).map(([name, text]) => [name, { text }]);
  for (const edit of edits) {
    const at = pairs.findIndex(([name]) => name === edit.field);
    const rest = pairs.filter(([name]) => name !== edit.field);
    if (edit.op === "drop") {
      pairs.splice(0, pairs.length, ...rest);
    } else if (edit.op === "duplicate") {
      // The original value first (when there is one), then the hostile one under the same name.
      if (at === -1) pairs.push([edit.field, edit.value]);
      pairs.push([edit.field, edit.value]);
    } else {
      const entry: [string, HostileValue | { file: HostileValue }] = [edit.field, edit.op === "file" ? { file: edit.value } : edit.value];
      if (at === -1) pairs.push(entry);
      else pairs.splice(0, pairs.length, ...rest.slice(0, at), entry, ...rest.slice(at));
    }
  }
  if (multipart || pairs.some(([, value]) => "file" in value)) {
    const form = new FormData();
    for (const [name, value] of pairs) {
      if ("file" in value) form.append(name, new File([valueText(value.file)], "hostile.txt", { type: "text/plain" }));
      else form.append(name, valueText(value));
    }
    return { body: form };
  }
  const body = pairs.map(([name, value]) => `${encodeText(name)}=${encodeValue(value as HostileValue)}`).join("&");
  return { body, contentType: "application/x-www-form-urlencoded" };
}

/**
 * Cloudflare refuses a URL longer than 16 KB (414) before the Worker runs, so values in
 * paths and query strings are cut to 4,000 characters (at most ~12 KB once escaped):
 * longer ones would only test the local workerd, which restarts on them.
 */
export const MAX_URL_VALUE = 4_000;

export const hostileUrlValue: fc.Arbitrary<HostileValue> = hostileValue.map((value) =>
  "text" in value ? { text: value.text.slice(0, MAX_URL_VALUE) } : value,
);

/** A value for a path segment: encoded, so it stays one segment (raw bytes as they are). */
export function pathSegment(value: HostileValue): string {
  if ("raw" in value) return value.raw;
  return encodeURIComponent(wellFormed(value.text));
}

/** A short, printable description of a value for failure messages. */
export function describeValue(value: HostileValue): string {
  const text = "raw" in value ? `raw:${value.raw}` : value.text;
  const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text);
  return shown;
}
