// Loads the highlight.js grammars some code blocks need (render-markdown.ts, loadCodeLanguages) and
// returns a number that changes each time grammars were added: a memo keyed on it highlights again.

import { loadCodeLanguages } from "@shared/markdown/highlight-code";
import { useEffect, useState } from "react";

export function useCodeLanguages(blocks: { code: string; info: string | undefined }[]): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    void loadCodeLanguages(blocks)
      .then((added) => {
        if (added && isCurrent) setLoads((count) => count + 1);
      })
      .catch(() => undefined); // A grammar that cannot load leaves its block as plain escaped text.
    return () => {
      isCurrent = false;
    };
  }, [blocks]);
  return loads;
}
