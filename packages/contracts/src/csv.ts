/**
 * Comma-separated values as RFC 4180 writes them (shared: the browser writes and reads weigh-in files, the server
 * reads other apps' workout exports): a field with a comma, a quote or a line break is
 * quoted, quotes doubled; lines end in CRLF. Reading also takes LF endings, a byte-order mark and
 * blank lines (skipped), as spreadsheet programs and other apps' exports produce them.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/**
 * The rows of a CSV text, each with its line number (1-based, as a spreadsheet shows it). The delimiter is a comma
 * unless told otherwise: spreadsheet programs in locales with a decimal comma, and older Strong exports, use `;`.
 */
export function parseCsv(text: string, delimiter: "," | ";" = ","): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
    rowLine = line;
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        field += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index += 1;
      line += 1;
      endRow();
    } else field += char;
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}
