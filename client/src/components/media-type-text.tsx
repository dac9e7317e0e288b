// A content type such as "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
// in a narrow column: it may wrap after the slash, a dot or a hyphen, never inside a word.
import { Fragment } from "react";

export function MediaTypeText({ value }: { value: string }) {
  // Hyphens already allow a break; the slash and dots get an explicit opportunity.
  const parts = value.split(/(?<=[/.])/);
  return (
    <span className="break-words" data-testid="media-type">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
