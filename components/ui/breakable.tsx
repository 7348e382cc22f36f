import { Fragment } from "react";

/** After these an identifier may wrap: `test_outputs.py::TestOutputs::test_values` breaks at `::`, `.` and `_`. */
const BREAK_AFTER = /(?<=[/\\:._-])(?=[^/\\:._-])/;
/** Beyond this many parts the text is left to the browser (labels are clipped long before). */
const MAX_PARTS = 200;

/**
 * Text that wraps at the joints of an identifier rather than mid-word: a word break opportunity (<wbr>) after
 * each separator, with `overflow-wrap: break-word` in the style as the last resort. Always rendered as text.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(BREAK_AFTER);
  if (parts.length === 1 || parts.length > MAX_PARTS) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
