// The benchmark's baseline: the least a paste server can do per counted view. Bare Bun.serve and
// bun:sqlite with the same journal and synchronous settings as the app (WAL, NORMAL): one SELECT by
// slug and one UPDATE of the view counter per request, then the text. Not part of the product.
import { Database } from "bun:sqlite";

const [dbPath, portArg] = process.argv.slice(2);
if (!dbPath || !portArg) throw new Error("usage: bare-paste-server.ts <db file> <port>");

const db = new Database(dbPath, { create: true });
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 10000;");
db.exec(
  "CREATE TABLE IF NOT EXISTS paste (slug TEXT PRIMARY KEY, content TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0)",
);
db.query("INSERT OR REPLACE INTO paste (slug, content, views) VALUES (?, ?, 0)").run(
  "bench",
  process.env.BENCH_CONTENT ?? "",
);
const select = db.query<{ content: string }, [string]>("SELECT content FROM paste WHERE slug = ?");
const countView = db.query("UPDATE paste SET views = views + 1 WHERE slug = ?");

const server = Bun.serve({
  port: Number(portArg),
  hostname: "127.0.0.1",
  fetch(request) {
    const slug = new URL(request.url).pathname.split("/").pop() ?? "";
    const row = select.get(slug);
    if (!row) return new Response("not found", { status: 404 });
    countView.run(slug);
    return new Response(row.content, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
  },
});
console.log(`bare server on ${server.port}`);
