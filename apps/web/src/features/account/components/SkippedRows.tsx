/** The rows of an imported file that were left out, each with its line and why (both imports of My data). */
export function SkippedRows({
  rows,
  total,
  testId,
}: {
  rows: readonly { line: number; reason: string }[];
  /** All rows left out, when only the first are listed. */
  total: number;
  testId: string;
}) {
  if (total === 0) return null;
  return (
    <div data-testid={testId}>
      <p>
        {total} row{total === 1 ? "" : "s"} left out:
      </p>
      <ul>
        {rows.map((row) => (
          <li key={row.line}>
            Line {row.line}: {row.reason}
          </li>
        ))}
      </ul>
      {total > rows.length ? <p>…and {total - rows.length} more.</p> : null}
    </div>
  );
}
