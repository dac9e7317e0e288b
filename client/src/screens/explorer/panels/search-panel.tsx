// Search in the mounts (docs/product.md §5: at least 2 characters): a box with its scope (everywhere, this
// mount, this folder and below), results linking to their folders, and a local search history.
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import ShoppingBagIcon from "@heroicons/react/24/outline/ShoppingBagIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { parentOf } from "@shared/paths";
import {
  FS_SEARCH_LIMIT_MAX,
  SEARCH_COUNT_MAX,
  SEARCH_MIN_LENGTH,
  type SearchScope,
} from "@shared/schemas/explorer/explorer";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "../../../components/button";
import { cardSurface, cx, fileNameText, iconButton } from "../../../components/class-names";
import { Spinner } from "../../../components/feedback/spinner";
import { FileTypeIcon } from "../../../components/file-icons";
import { FieldError, FormAlert, inputClasses } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { explorerHref } from "../../../lib/explorer/explorer-paths";
import { explorerErrorMessage } from "../../../lib/explorer/fs-transfer";
import {
  addSearchHistory,
  clearSearchHistory,
  loadStoredSearchHistory,
  readSearchHistory,
} from "../../../lib/explorer/search-history";
import { useFsApi } from "../use-fs-api";
import { addToBasket } from "./basket-panel";

type Submitted = { q: string; scope: SearchScope; mount_id?: string; path?: string; limit?: number };

export function SearchPanel({ folder, mountId }: { folder: string; mountId: string | null }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(explorerErrorMessage);
  const { api } = useFsApi();
  const [text, setText] = useState("");
  const [scope, setScope] = useState<SearchScope>("global");
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [history, setHistory] = useState<string[]>(() => readSearchHistory());
  useEffect(() => {
    void loadStoredSearchHistory().then(setHistory);
  }, []);
  const inputId = useId();
  const results = api.search.useQuery(submitted ?? { q: "", scope: "global" }, { enabled: submitted !== null });
  const scopeChoices: SearchScope[] = [
    "global",
    ...(mountId ? (["mount"] as const) : []),
    ...(folder !== "/" ? (["directory"] as const) : []),
  ];
  const effectiveScope = scopeChoices.includes(scope) ? scope : "global";

  const run = (query: string) => {
    const q = query.trim();
    if (q.length < SEARCH_MIN_LENGTH) {
      setProblem(t("errors.searchTooShort"));
      return;
    }
    setProblem(null);
    setText(q);
    setHistory(addSearchHistory(q));
    setSubmitted({
      q,
      scope: effectiveScope,
      ...(effectiveScope === "mount" && mountId ? { mount_id: mountId } : {}),
      ...(effectiveScope === "directory" ? { path: folder } : {}),
    });
  };

  // The answer counts its matches up to SEARCH_COUNT_MAX ("more than" past it); a live walk that
  // stopped at its object limit only knows what it found (docs/search-index.md).
  const data = results.data;
  const isOverCount = data?.truncated === true && data.total >= SEARCH_COUNT_MAX;
  const stoppedEarly = data?.truncated === true && !isOverCount;
  const showsPart = data !== undefined && !stoppedEarly && data.results.length < data.total;
  const limit = submitted?.limit ?? DEFAULT_PAGE_LIMIT;
  const more = () => submitted && setSubmitted({ ...submitted, limit: Math.min(FS_SEARCH_LIMIT_MAX, limit * 4) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
  };

  return (
    <search className="mt-4 block">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" data-testid="explorer-search">
        <label htmlFor={inputId} className="sr-only">
          {t("explorer.search.label")}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          placeholder={t("explorer.search.placeholder")}
          className={`${inputClasses(Boolean(problem))} sm:flex-1`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          list={`${inputId}-history`}
          autoComplete="off"
        />
        <datalist id={`${inputId}-history`}>
          {history.map((item) => (
            <option key={item} value={item} />
          ))}
        </datalist>
        <div className="flex gap-2 sm:shrink-0">
          <select
            value={effectiveScope}
            onChange={(event) => setScope(event.target.value as SearchScope)}
            className={`${inputClasses(false)} min-w-0 flex-1 sm:w-48 sm:flex-none`}
            aria-label={t("explorer.search.scope")}
          >
            {scopeChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`explorer.search.scopes.${choice}`)}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary">
            {t("explorer.search.submit")}
          </Button>
        </div>
      </form>
      {problem ? <FieldError id={`${inputId}-error`}>{problem}</FieldError> : null}
      {!submitted && history.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="text-slate-500 dark:text-slate-400">{t("explorer.search.recent")}</span>
          {history.slice(0, 5).map((item) => (
            <button
              key={item}
              type="button"
              onClick={() => run(item)}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
            >
              {item}
            </button>
          ))}
          <button
            type="button"
            onClick={() => {
              clearSearchHistory();
              setHistory([]);
            }}
            className="text-slate-500 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            {t("explorer.search.clearHistory")}
          </button>
        </div>
      ) : null}
      {submitted ? (
        <section
          className={cx(cardSurface, "mt-3 p-3 sm:p-4")}
          aria-label={t("explorer.search.resultsLabel")}
          data-testid="search-results"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
              {data
                ? isOverCount
                  ? t("explorer.search.resultsTitleMore", { count: data.total, q: submitted.q })
                  : stoppedEarly
                    ? t("explorer.search.resultsTitlePartial", { count: data.results.length, q: submitted.q })
                    : t("explorer.search.resultsTitle", { count: data.total, q: submitted.q })
                : t("explorer.search.searching")}
            </h2>
            <button
              type="button"
              onClick={() => setSubmitted(null)}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
              aria-label={t("explorer.search.close")}
            >
              <XMarkIcon className="size-4" />
            </button>
          </div>
          {results.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner className="size-5" />
            </div>
          ) : results.isError ? (
            <div className="mt-2">
              <FormAlert title={t("explorer.search.failed")}>{errorMessage(results.error)}</FormAlert>
            </div>
          ) : results.data.results.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("explorer.search.none")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              {results.data.results.map((item) => {
                const folderPath = item.type === "directory" ? item.path : parentOf(item.path);
                return (
                  <li key={item.path} className="flex items-center gap-3 py-2">
                    {item.type === "directory" ? (
                      <FolderIcon className="size-5 shrink-0 text-amber-500" />
                    ) : (
                      <FileTypeIcon mimetype={item.mimetype} filename={item.name} size="sm" />
                    )}
                    <div className="min-w-0 flex-1">
                      <Link
                        href={
                          item.type === "directory" ? explorerHref(folderPath) : explorerHref(folderPath, item.path)
                        }
                        className={cx(
                          fileNameText,
                          "text-sm font-medium text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300",
                        )}
                      >
                        {item.name}
                      </Link>
                      <Link
                        href={explorerHref(folderPath)}
                        className="block truncate text-xs text-slate-500 hover:underline dark:text-slate-400"
                      >
                        {folderPath}
                      </Link>
                    </div>
                    {item.type === "file" ? (
                      <>
                        <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                          {formatBytes(item.size, currentLanguage())}
                        </span>
                        <button
                          type="button"
                          className={iconButton}
                          onClick={() => addToBasket([item], t)}
                          aria-label={t("explorer.basket.addOne", { name: item.name })}
                          title={t("explorer.actions.addToBasket")}
                          data-testid="search-basket"
                        >
                          <ShoppingBagIcon className="size-4.5" />
                        </button>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          {stoppedEarly ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <p className="text-xs text-amber-700 dark:text-amber-300" role="status" data-testid="search-truncated">
                {t("explorer.search.truncated")}
              </p>
              {limit < FS_SEARCH_LIMIT_MAX ? (
                <Button size="sm" isLoading={results.isFetching} onClick={more} data-testid="search-further">
                  {t("explorer.search.further")}
                </Button>
              ) : null}
            </div>
          ) : showsPart ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <p className="text-xs text-slate-600 dark:text-slate-400" role="status" data-testid="search-showing">
                {isOverCount
                  ? t("explorer.search.showingMore", { count: data.results.length })
                  : t("explorer.search.showing", { count: data.results.length, total: data.total })}
              </p>
              {limit < FS_SEARCH_LIMIT_MAX ? (
                <Button size="sm" isLoading={results.isFetching} onClick={more} data-testid="search-more">
                  {t("explorer.search.showMore")}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </search>
  );
}
