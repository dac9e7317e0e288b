// What a region shows while its request runs (a spinner and what is being done, announced) and when
// it failed (the reason, under a title saying what did not work, and for a query a retry).
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { cx } from "../class-names";
import { FormAlert } from "../forms/form-controls";
import { useErrorMessage } from "../forms/use-error-message";
import { Spinner } from "./spinner";

export function LoadingStatus({ label, className }: { label: string; className?: string }) {
  return (
    <p role="status" className={cx("flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400", className)}>
      <Spinner className="text-indigo-500" />
      {label}
    </p>
  );
}

export function ErrorAlert({ title, error, className }: { title: string; error: unknown; className?: string }) {
  const messageOf = useErrorMessage();
  return (
    <FormAlert title={title} className={className}>
      {messageOf(error)}
    </FormAlert>
  );
}

export type RefetchableQuery = { error: unknown; isRefetching: boolean; refetch: () => unknown };

/** A query that failed: why, and a button that asks again. */
export function LoadError({
  title,
  query,
  size,
  className,
}: {
  title: string;
  query: RefetchableQuery;
  /** "sm" inside a small panel. */
  size?: "sm";
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cx("flex flex-col items-start gap-3", className)}>
      <ErrorAlert title={title} error={query.error} />
      <Button size={size} icon={ArrowPathIcon} onClick={() => void query.refetch()} isLoading={query.isRefetching}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

export type RequestViewProps<Data> = {
  /** A query or a mutation: running, failed, or done with its data (a mutation not yet sent has none). */
  request: { isPending: boolean; isError: boolean; error: unknown; data: Data | undefined };
  /** Shows the loading line also while this is true (a query refetching what must be fresh). */
  isRefreshing?: boolean;
  loadingLabel: string;
  loadingClassName?: string;
  failedTitle: string;
  children: (data: Data) => ReactNode;
};

/** The loading line, the failure, or what the answer's data shows. */
export function RequestView<Data>({
  request,
  isRefreshing = false,
  loadingLabel,
  loadingClassName,
  failedTitle,
  children,
}: RequestViewProps<Data>) {
  if (request.isPending || isRefreshing) return <LoadingStatus label={loadingLabel} className={loadingClassName} />;
  if (request.isError) return <ErrorAlert title={failedTitle} error={request.error} />;
  return request.data === undefined ? null : children(request.data);
}

/** What a query's data shows once it is there; before, the loading line or the failure with a retry. */
export function QueryView<Data>({
  query,
  loadingLabel,
  failedTitle,
  children,
}: {
  query: RefetchableQuery & { data?: Data };
  loadingLabel: string;
  failedTitle: string;
  children: (data: NonNullable<Data>) => ReactNode;
}) {
  if (query.data) return children(query.data);
  return query.error ? <LoadError title={failedTitle} query={query} /> : <LoadingStatus label={loadingLabel} />;
}

/** A list a query loads: a row for each item in a divided list, or `none` while there are none. */
export function QueryList<Item>({
  none,
  children,
  ...view
}: Omit<Parameters<typeof QueryView<readonly Item[]>>[0], "children"> & {
  none?: ReactNode;
  /** The item's row: an <li> with its key. */
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryView {...view}>
      {(items) =>
        items.length === 0 && none !== undefined ? (
          none
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">{items.map((item) => children(item))}</ul>
        )
      }
    </QueryView>
  );
}
