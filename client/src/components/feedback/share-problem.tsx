// Full-page answers for a share (paste or file) that cannot be shown: it does not exist, it expired,
// its views are used up, or (no connection, server error) it could not be opened right now. A gone
// share ends with a way to share something of one's own. Texts come from `<kind>.gone.*` (the screen
// loads only its own kind's texts).
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeSlashIcon from "@heroicons/react/24/outline/EyeSlashIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import MagnifyingGlassIcon from "@heroicons/react/24/outline/MagnifyingGlassIcon";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { errorMessageOf } from "../../lib/api/api-errors";
import type { TerminalShareProblem } from "../../lib/shares/share-errors";
import { ROUTES } from "../../routes";
import { Button, buttonClasses } from "../button";
import type { IconProps } from "../icons";
import { StatusPanel } from "./status-panel";

export type GoneProblem = TerminalShareProblem;
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

/** Where to share something of one's own instead: a text on Home, a file on Upload. */
const OWN_SHARE: Record<ShareKind, { href: string; icon?: ComponentType<IconProps> }> = {
  pastes: { href: ROUTES.home },
  files: { href: ROUTES.upload, icon: ArrowUpTrayIcon },
};

export function ShareGone({ kind, problem }: { kind: ShareKind; problem: GoneProblem | UndecryptableProblem }) {
  const { t } = useTranslation();
  const OwnShareIcon = OWN_SHARE[kind].icon;
  return (
    <StatusPanel
      size="page"
      icon={ICONS[problem]}
      title={t(`${kind}.gone.${problem}.title`)}
      titleId={`${TEST_ID_PREFIX[kind]}-problem-title`}
      description={t(`${kind}.gone.${problem}.description`)}
      testId={`${TEST_ID_PREFIX[kind]}-${problem}`}
      actions={
        <>
          <Link href={OWN_SHARE[kind].href} className={buttonClasses("primary")}>
            {OwnShareIcon ? <OwnShareIcon className="size-4.5" /> : null}
            {t(`${kind}.gone.shareOwn`)}
          </Link>
          {/* Sharing a text of one's own is on Home already. */}
          {OWN_SHARE[kind].href === ROUTES.home ? null : (
            <Link href={ROUTES.home} className={buttonClasses("secondary")}>
              {t(`${kind}.gone.backHome`)}
            </Link>
          )}
        </>
      }
    />
  );
}

export function ShareLoadFailed({
  kind,
  error,
  message,
  onRetry,
  isRetrying = false,
}: {
  kind: ShareKind;
  /** What failed; said in the user's words (no connection, the server's message). */
  error?: unknown;
  /** Said instead of the error's words. */
  message?: string;
  onRetry: () => unknown;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      size="page"
      role="alert"
      icon={ExclamationTriangleIcon}
      tone="amber"
      title={t(`${kind}.gone.failed.title`)}
      description={
        message ?? errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") })
      }
      actions={
        <>
          <Button variant="primary" icon={ArrowPathIcon} onClick={() => void onRetry()} isLoading={isRetrying}>
            {t("common.retry")}
          </Button>
          <Link href={ROUTES.home} className={buttonClasses("secondary")}>
            <ArrowLeftIcon className="size-4" />
            {t(`${kind}.gone.backHome`)}
          </Link>
        </>
      }
    />
  );
}
