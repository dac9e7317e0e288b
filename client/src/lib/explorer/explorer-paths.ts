// Path helpers of the mount explorer: breadcrumbs, joining a name onto a folder, a path's parent and
// name, and the explorer URL with the `preview` query. Paths are virtual paths ("/mnt/a/b.txt").
import { normalizePath } from "@shared/paths";
import { mountExplorerUrl } from "../auth/route-guard";

export type Breadcrumb = { name: string; path: string };

/** "/a/b" -> [{"/", "/"}, {"a", "/a"}, {"b", "/a/b"}]; the root's name is filled in by the screen. */
export function breadcrumbsOf(path: string): Breadcrumb[] {
  const normalised = normalizePath(path) ?? "/";
  const crumbs: Breadcrumb[] = [{ name: "", path: "/" }];
  let current = "";
  for (const segment of normalised.split("/").filter(Boolean)) {
    current += `/${segment}`;
    crumbs.push({ name: segment, path: current });
  }
  return crumbs;
}

/** A new entry name: not empty, no slashes, not "." or "..". Returns an i18n key or null. */
export function entryNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "explorer.names.required";
  if (/[/\\]/.test(trimmed)) return "explorer.names.noSlash";
  if (trimmed === "." || trimmed === "..") return "explorer.names.invalid";
  if (trimmed.length > 255) return "explorer.names.tooLong";
  return null;
}

/** The explorer URL of a folder, with the file to preview when given. */
export function explorerHref(folder: string, preview?: string | null): string {
  const url = mountExplorerUrl(folder);
  return preview ? `${url}?preview=${encodeURIComponent(preview)}` : url;
}

/** The file named by `?preview=` in a search string, or null. */
export function previewOf(search: string): string | null {
  const value = new URLSearchParams(search).get("preview");
  return value ? (normalizePath(value) ?? null) : null;
}
