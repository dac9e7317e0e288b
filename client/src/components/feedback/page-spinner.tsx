import { type ComponentType, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";

// Suspense fallback while a lazily loaded screen arrives (or while the sign-in is being checked).
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center" data-testid="page-spinner">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-slate-200 border-t-indigo-600 motion-reduce:animate-none dark:border-slate-700 dark:border-t-indigo-400"
      />
      <span className="sr-only">{label ?? t("app.loading")}</span>
    </div>
  );
}

/**
 * A page's content that only some visits need (a share's password prompt, an encrypted share's
 * decryption), loaded when first shown with the page's spinner meanwhile; a failed load is the screen's
 * error (screen-error-boundary.tsx). Declared once, at module level, like React's lazy().
 */
export function lazyPageContent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Content = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: like React's own lazy(), this runs once per content at module level, so the component it returns is the same on every render.
  return function LazyPageContent(props: Props) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Content {...props} />
      </Suspense>
    );
  };
}
