// The one gate between a paste's Markdown and the page (docs/rules.md: Markdown is rendered with
// sanitisation). DOMPurify removes scripts, event handlers and javascript: URLs; on top of that:
// no forms, frames or styles (a paste must not restyle or overlay the app), classes limited to the
// code highlighter's, ids prefixed so they cannot clobber the page, only disabled checkboxes (task
// lists), links that open apart from the app, and images that do not leak the page's address.
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from "dompurify";

const FORBID_TAGS = [
  "style",
  "script",
  "form",
  "button",
  "textarea",
  "select",
  "option",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "base",
  "link",
  "meta",
  "dialog",
  "template",
  "slot",
  "portal",
];

const FORBID_ATTR = ["style", "srcset", "formaction", "action", "ping", "autofocus", "tabindex", "contenteditable"];

const ALLOWED_CLASS = /^(?:hljs(?:-[\w-]+)?|language-[\w+#.-]{1,40}|task-list-item|contains-task-list)$/;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  SANITIZE_NAMED_PROPS: true,
  RETURN_TRUSTED_TYPE: false,
};

function addHooks(purify: DOMPurify): void {
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName === "class") {
      const kept = data.attrValue.split(/\s+/).filter((name) => ALLOWED_CLASS.test(name));
      if (kept.length === 0) data.keepAttr = false;
      else data.attrValue = kept.join(" ");
    }
  });

  purify.addHook("afterSanitizeAttributes", (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === "input") {
      // Task list boxes only, and read-only: anything else that looks like a form field goes.
      if ((node.getAttribute("type") ?? "").toLowerCase() !== "checkbox") {
        node.parentNode?.removeChild(node);
        return;
      }
      node.setAttribute("disabled", "");
      node.removeAttribute("name");
      node.removeAttribute("value");
      // A task's box is named by its task (the first line of its item), or it is an unnamed field.
      const task = (node.parentNode?.textContent ?? "").trim().split("\n")[0]?.slice(0, 200) ?? "";
      if (task && !node.getAttribute("aria-label")) node.setAttribute("aria-label", task);
    }
    if (tag === "a" && node.hasAttribute("href")) {
      const href = node.getAttribute("href") ?? "";
      if (href.startsWith("#")) {
        node.removeAttribute("target");
      } else {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer nofollow ugc");
      }
    } else if (tag === "a") {
      node.removeAttribute("target");
    }
    // Code blocks and tables scroll sideways when wide (markdown-view.css): a keyboard user reaches
    // them with Tab to scroll them. Ours, after the source's own tabindex was dropped.
    if (tag === "pre" || tag === "table") node.setAttribute("tabindex", "0");
    if (tag === "img") {
      node.setAttribute("loading", "lazy");
      node.setAttribute("decoding", "async");
      node.setAttribute("referrerpolicy", "no-referrer");
    }
  });
}

function escapeAll(html: string): string {
  return html.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export type Sanitize = (html: string) => string;

/** A sanitiser bound to a window (the page's; tests pass a standards-complete DOM). */
export function createSanitizer(window: WindowLike): Sanitize {
  const purify = createDOMPurify(window);
  if (purify.isSupported) addHooks(purify);
  return (html) => {
    // Fail closed: where DOMPurify cannot work it would hand back the input untouched.
    if (!purify.isSupported) return `<pre>${escapeAll(html)}</pre>`;
    return purify.sanitize(html, CONFIG) as string;
  };
}

let pageSanitizer: Sanitize | null = null;

/** Sanitised HTML for the page. */
export function sanitizeHtml(html: string): string {
  pageSanitizer ??= createSanitizer(window);
  return pageSanitizer(html);
}
