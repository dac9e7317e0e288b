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
