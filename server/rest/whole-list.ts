// A paged list asked for whole (RestMeta.wholeInPages): CloudPaste's fs/list has no paging, so a script
// written from its document lists a folder with `path` alone and expects every entry. The adapter
// gathers the pages one procedure call at a time (the event loop turns between them, and each page's
// output is validated alone) and writes the envelope a slice of entries at a time, so a 20,000-entry
// folder costs other requests no more than one page does (docs/performance.md, "A 20,000-file folder while others wait").
import { nextTurn, slicedBody, slicesOf } from "../http/sliced-answer";
import { stringify } from "./envelope";

type Page = Record<string, unknown> & { items: unknown[]; next_cursor: string | null };

export async function wholeListResponse(
  whole: { pageSize: number; order?: (a: never, b: never) => number },
  input: Record<string, unknown>,
  message: string,
  callPage: (input: Record<string, unknown>) => Promise<unknown>,
): Promise<Response> {
  const items: unknown[] = [];
  let first: Page | null = null;
  let cursor: string | null = null;
  do {
    // A page from the listing cache resolves without I/O: without this turn, the whole loop would be
    // one long run of promise reactions that no timer or socket could interrupt.
    if (first) await nextTurn();
    const page = (await callPage({ ...input, limit: whole.pageSize, cursor })) as Page;
    first ??= page;
    for (const item of page.items) items.push(item);
    cursor = page.next_cursor;
  } while (cursor);
  if (whole.order) items.sort(whole.order as (a: unknown, b: unknown) => number);
  // The unpaged answer's fields (the first page's, which carries the list's own facts), then the
  // entries; JSON leaves the order of an object's fields free.
  const { items: _firstItems, ...fields } = first as Page;
  const data = { ...fields, total: items.length, next_cursor: null, has_more: false };
  function* parts() {
    yield `{"code":200,"message":${stringify(message)},"data":${stringify(data).slice(0, -1)},"items":[`;
    let separator = "";
    for (const slice of slicesOf(items, (entries) => stringify(entries).slice(1, -1))) {
      yield separator + slice;
      separator = ",";
    }
    yield `]},"success":true}`;
  }
  return new Response(slicedBody(parts()), {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}
