// Full-page answers for a file share that cannot be shown: it does not exist, it expired, its views
// are used up, or (no connection, server error) it could not be opened right now.
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { ArrowLeftIcon, type IconProps, RefreshIcon, UploadIcon, WarningIcon } from "../../components/icons";
import { ClockIcon, EyeOffIcon, SearchIcon } from "../../components/paste-icons";
import { ROUTES } from "../../routes";

export type GoneProblem = "notFound" | "expired" | "limitReached" | "gone";

const ICONS: Record<GoneProblem, ComponentType<IconProps>> = {
  notFound: SearchIcon,
  expired: ClockIcon,
  limitReached: EyeOffIcon,
  gone: EyeOffIcon,
};

export function FileGone({ problem }: { problem: GoneProblem }) {
  const { t } = useTranslation();
  const Icon = ICONS[problem];
  return (
    <section
      aria-labelledby="file-problem-title"
      className="flex flex-col items-center py-14 text-center sm:py-20"
      data-testid={`file-${problem}`}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
        <Icon className="size-7" />
      </span>
      <h1
        id="file-problem-title"
        className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
      >
        {t(`files.gone.${problem}.title`)}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">
        {t(`files.gone.${problem}.description`)}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href={ROUTES.upload} className={buttonClasses("primary")}>
          <UploadIcon className="size-4.5" />
          {t("files.gone.shareOwn")}
        </Link>
        <Link href={ROUTES.home} className={buttonClasses("secondary")}>
          {t("files.gone.backHome")}
        </Link>
      </div>
    </section>
  );
}

export function FileLoadFailed({
  message,
  onRetry,
  isRetrying,
}: {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="flex flex-col items-center py-14 text-center sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20">
        <WarningIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("files.gone.failed.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{message}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button variant="primary" icon={RefreshIcon} onClick={onRetry} isLoading={isRetrying}>
          {t("common.retry")}
        </Button>
        <Link href={ROUTES.home} className={cx(buttonClasses("secondary"))}>
          <ArrowLeftIcon className="size-4" />
          {t("files.gone.backHome")}
        </Link>
      </div>
    </section>
  );
}
