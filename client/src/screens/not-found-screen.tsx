// Shown for paths inside a known section that name nothing (an unknown admin module); other unknown
// paths redirect to Home (docs/product.md §2).
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { focusRing } from "../components/class-names";
import { ROUTES } from "../routes";

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center py-16 text-center sm:py-24" aria-labelledby="not-found-title">
      <p className="text-sm font-semibold tracking-widest text-indigo-600 dark:text-indigo-400">
        {t("screens.notFound.code")}
      </p>
      <h1
        id="not-found-title"
        className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {t("screens.notFound.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{t("screens.notFound.description")}</p>
      <Link
        href={ROUTES.home}
        className={`mt-8 inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-700 dark:hover:bg-indigo-500 ${focusRing}`}
      >
        <ArrowLeftIcon className="size-4" />
        {t("screens.notFound.backHome")}
      </Link>
    </section>
  );
}
