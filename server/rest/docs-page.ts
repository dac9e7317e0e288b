// A readable API reference at /api/docs, rendered on the server from the OpenAPI document: no script,
// no external assets, so it works offline and under the strict CSP.
import type { OpenApiDocument } from "./openapi";

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function schemaType(schema: Record<string, unknown> | undefined): string {
  if (!schema) return "string";
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(" | ");
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : String(schema.type ?? (schema.anyOf ? "union" : "any"));
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const params = operation.parameters ?? [];
  const body = operation.requestBody ? Object.entries(operation.requestBody.content) : [];
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status !== "default");
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(schemaType(p.schema))}</td><td>${p.required ? "yes" : ""}</td></tr>`,
    )
    .join("");
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");
  return `<section class="op" id="${id}">
  <h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(operation.summary ?? "")}</p>
  ${operation.description ? `<p class="desc">${escapeHtml(operation.description).replaceAll("\n\n", "<br>")}</p>` : ""}
  ${paramRows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Required</th></tr></thead><tbody>${paramRows}</tbody></table>` : ""}
  ${body.map(([type, media]) => `<details><summary>Request body (${escapeHtml(type)})</summary><pre>${escapeHtml(JSON.stringify(media.schema ?? {}, null, 2))}</pre></details>`).join("")}
  ${success ? `<details><summary>Response ${success[0]}</summary><pre>${escapeHtml(JSON.stringify(Object.values(success[1].content ?? {})[0]?.schema ?? {}, null, 2))}</pre></details>` : ""}
</section>`;
}

export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
:root{color-scheme:light dark;--bg:#f8fafc;--fg:#0f172a;--muted:#475569;--card:#fff;--line:#e2e8f0;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#e2e8f0;--muted:#94a3b8;--card:#111827;--line:#1f2937;--accent:#818cf8}}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
header{padding:24px;border-bottom:1px solid var(--line)}main{display:grid;grid-template-columns:220px 1fr;gap:24px;max-width:1200px;margin:0 auto;padding:24px}
nav a{display:block;color:var(--muted);text-decoration:none;padding:4px 0}nav a:hover{color:var(--accent)}
h1{margin:0 0 8px;font-size:24px}h2{margin:32px 0 12px;font-size:20px}.op{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin:12px 0}
.op h3{margin:0 0 6px;font-size:15px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}.desc{color:var(--muted);font-size:14px}
.m{font:600 12px/1 ui-monospace,monospace;padding:5px 8px;border-radius:6px;color:#fff}.m-get{background:#0284c7}.m-post{background:#16a34a}.m-put{background:#d97706}.m-delete{background:#dc2626}
table{border-collapse:collapse;width:100%;font-size:14px;margin:8px 0}th,td{text-align:left;border-bottom:1px solid var(--line);padding:6px 8px}
pre{overflow:auto;background:var(--bg);padding:12px;border-radius:8px;font-size:13px}code{font-family:ui-monospace,monospace}a{color:var(--accent)}
summary{cursor:pointer;color:var(--accent);margin-top:6px}
@media (max-width:760px){main{grid-template-columns:1fr}nav{display:none}}
</style></head><body>
<header><h1>${escapeHtml(document.info.title)} <small>v${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1)</p></header>
<main><nav aria-label="Sections">${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join("")}</nav>
<div>${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${(byTag.get(tag) ?? []).join("\n")}`).join("\n")}</div></main>
</body></html>`;
}
