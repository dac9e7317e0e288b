// After a failed check or a refused save the focus moves to the first field marked invalid
// (aria-invalid), so keyboard and screen-reader users land on what needs fixing. It moves in an
// effect, after the render that draws the messages, whether they came from a click or an answer.
import { useEffect, useRef, useState } from "react";

export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  return { formRef, focusFirstInvalid: () => setRequests((count) => count + 1) };
}
