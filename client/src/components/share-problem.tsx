// Full-page answers for a share (paste or file) that cannot be shown: it does not exist, it expired,
// its views are used up, or (no connection, server error) it could not be opened right now. The paste
// and file pages pass their text namespace and the way out that suits them.
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeSlashIcon from "@heroicons/react/24/outline/EyeSlashIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import MagnifyingGlassIcon from "@heroicons/react/24/outline/MagnifyingGlassIcon";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ROUTES } from "../routes";
import { Button, buttonClasses } from "./button";
import type { IconProps } from "./icons";

export type GoneProblem = "notFound" | "expired" | "limitReached" | "gone";
/** An encrypted share that arrived but cannot be opened with the link at hand. */
export type UndecryptableProblem = "missingKey" | "wrongKey";

/** The i18n namespace of the share's texts: `<ns>.gone.*`. */
export type ShareKind = "pastes" | "files";

const ICONS: Record<GoneProblem | UndecryptableProblem, ComponentType<IconProps>> = {
  missingKey: LockClosedIcon,
  wrongKey: LockClosedIcon,
  notFound: MagnifyingGlassIcon,
  expired: ClockIcon,
  limitReached: EyeSlashIcon,
  gone: EyeSlashIcon,
};

const TEST_ID_PREFIX: Record<ShareKind, string> = { pastes: "paste", files: "file" };

export function ShareGone({
  kind,
  problem,
  actions,
}: {
  kind: ShareKind;
  problem: GoneProblem | UndecryptableProblem;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[problem];
  const titleId = `${TEST_ID_PREFIX[kind]}-problem-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center py-14 text-center sm:py-20"
      data-testid={`${TEST_ID_PREFIX[kind]}-${problem}`}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
        <Icon className="size-7" />
      </span>
      <h1
        id={titleId}
        className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
      >
        {t(`${kind}.gone.${problem}.title`)}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">
        {t(`${kind}.gone.${problem}.description`)}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>
    </section>
  );
}

export function ShareLoadFailed({
  kind,
  message,
  onRetry,
  isRetrying,
}: {
  kind: ShareKind;
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="flex flex-col items-center py-14 text-center sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20">
        <ExclamationTriangleIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t(`${kind}.gone.failed.title`)}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{message}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button variant="primary" icon={ArrowPathIcon} onClick={onRetry} isLoading={isRetrying}>
          {t("common.retry")}
        </Button>
        <Link href={ROUTES.home} className={buttonClasses("secondary")}>
          <ArrowLeftIcon className="size-4" />
          {t(`${kind}.gone.backHome`)}
        </Link>
      </div>
    </section>
  );
}
