// After creation: the share link (the server's, from its public URL), copy, open, QR code and raw
// link, what the link allows, and a countdown after which the link hides (docs/product.md §4). Hidden, the
// screen points to text management, where the link can be found again. An encrypted share's link holds
// the only copy of its key: it never hides on a timer, and leaving before copying it asks first.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeSlashIcon from "@heroicons/react/24/outline/EyeSlashIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import type { inferRouterOutputs } from "@trpc/server";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { AppRouter } from "../../../../server/routers";
import { Button, buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { StatusPanel } from "../../components/feedback/status-panel";
import { BadgedHeading } from "../../components/icon-badge";
import { QrCode } from "../../components/qr-code";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import { useLeaveGuard } from "../../lib/leave-guard";
import { fractionLeft, SHARE_LINK_VISIBLE_SECONDS, useCountdown } from "../../lib/pastes/countdown";
import { withPassword } from "../../lib/pastes/paste-links";
import { adminModulePath } from "../../routes";

// Only an encrypted share's link asks before leaving: Home does not download the dialog before then.
const ConfirmDialog = lazy(() =>
  import("../../components/dialogs/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

export type CreatedPaste = inferRouterOutputs<AppRouter>["pastes"]["create"];

export type ShareResultProps = {
  paste: CreatedPaste;
  /** The password just set, so the raw link works for its owner; never stored. */
  password: string;
  /** An encrypted paste's key: it goes into the link's fragment and exists nowhere else. */
  linkKey?: string;
  onCreateAnother: () => void;
  /** Key users without text management see no link to it. */
  canManage: boolean;
};

export function ShareResult({ paste, password, linkKey, onCreateAnother, canManage }: ShareResultProps) {
  const { t } = useTranslation();
  const [isHidden, setIsHidden] = useState(false);
  const [isCopied, setIsCopied] = useState(false);
  const leaveGuard = useLeaveGuard(Boolean(linkKey) && !isCopied);
  const createAnother = () => leaveGuard.guard(onCreateAnother);
  return (
    <>
      {isHidden ? (
        <HiddenLink onCreateAnother={createAnother} canManage={canManage} />
      ) : (
        <VisibleLink
          paste={paste}
          password={password}
          linkKey={linkKey}
          onHide={() => leaveGuard.guard(() => setIsHidden(true))}
          onCopied={() => setIsCopied(true)}
          onCreateAnother={createAnother}
        />
      )}
      {leaveGuard.isAsking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            name="paste-leave"
            open
            onClose={leaveGuard.stay}
            onConfirm={leaveGuard.leave}
            isPending={false}
            icon={ExclamationTriangleIcon}
            title={t("pastes.result.leaveTitle")}
            description={t("pastes.result.leaveDescription")}
            confirmLabel={t("pastes.result.leave")}
            cancelLabel={t("pastes.result.stay")}
            confirmTestId="leave-without-copying"
          />
        </Suspense>
      ) : null}
    </>
  );
}

function VisibleLink({
  paste,
  password,
  linkKey,
  onHide,
  onCopied,
  onCreateAnother,
}: {
  paste: CreatedPaste;
  password: string;
  linkKey?: string;
  onHide: () => void;
  onCopied: () => void;
  onCreateAnother: () => void;
}) {
  const { t } = useTranslation();
  // An encrypted share's link is its only key: no timer hides it.
  const hasTimer = !linkKey;
  const [deadline] = useState(() => Date.now() + SHARE_LINK_VISIBLE_SECONDS * 1000);
  const left = useCountdown({ seconds: SHARE_LINK_VISIBLE_SECONDS, onDone: onHide, isRunning: hasTimer });
  const rawUrl = paste.has_password ? withPassword(paste.raw_url, password) : paste.raw_url;
  const shareUrl = linkKey ? `${paste.url}#${linkKey}` : paste.url;
  const language = currentLanguage();
  const copyMessages = { copiedMessage: t("pastes.result.copied"), failedMessage: t("pastes.result.copyFailed") };
  return (
    <section
      aria-labelledby="share-result-title"
      className={cx("overflow-hidden", cardSurface)}
      data-testid="share-result"
    >
      <div className="flex flex-col gap-6 p-5 sm:p-6 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <BadgedHeading
            icon={CheckCircleIcon}
            tone="emerald"
            title={t("pastes.result.title")}
            titleId="share-result-title"
            description={t("pastes.result.description")}
          />

          <LinkField
            id="share-link"
            label={t("pastes.result.link")}
            value={shareUrl}
            onCopy={onCopied}
            describedBy={linkKey ? "share-link-key-hint" : undefined}
            className="mt-6"
            rowClassName="flex-col sm:flex-row"
            inputClassName="text-sm text-slate-900 dark:text-white"
            hint={
              linkKey ? (
                <p
                  id="share-link-key-hint"
                  className="mt-1.5 text-xs font-medium text-amber-800 dark:text-amber-200"
                  data-testid="share-link-key-hint"
                >
                  {t("pastes.result.keyHint")}
                </p>
              ) : null
            }
          >
            <div className="flex gap-2">
              <CopyButton
                text={shareUrl}
                label={t("pastes.result.copyLink")}
                variant="primary"
                className="flex-1 sm:flex-none"
                onCopied={onCopied}
                {...copyMessages}
              />
              <a
                href={shareUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onCopied}
                className={buttonClasses("secondary")}
                aria-label={t("pastes.result.openLink")}
                title={t("pastes.result.openLink")}
              >
                <ArrowTopRightOnSquareIcon className="size-4.5" />
                <span className="hidden sm:inline">{t("pastes.result.open")}</span>
              </a>
            </div>
          </LinkField>

          <LinkField
            id="raw-link"
            label={t("pastes.result.rawLink")}
            value={rawUrl}
            describedBy="raw-link-hint"
            className="mt-5"
            inputClassName="text-xs text-slate-700 dark:text-slate-300"
            hint={
              <p id="raw-link-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
                {t(linkKey ? "pastes.result.rawHintEncrypted" : "pastes.result.rawHint")}
              </p>
            }
          >
            <CopyButton text={rawUrl} label={t("pastes.result.copyRawLink")} isIconOnly {...copyMessages} />
          </LinkField>

          <ul className="mt-5 flex flex-wrap gap-2 text-xs" aria-label={t("pastes.options.title")}>
            {/* An encrypted paste's password is part of its key; the server knows of none. */}
            {paste.has_password || (paste.encrypted && password !== "") ? (
              <Chip icon={LockClosedIcon}>{t("pastes.result.summary.protected")}</Chip>
            ) : null}
            {paste.encrypted ? <Chip icon={LockClosedIcon}>{t("pastes.result.summary.encrypted")}</Chip> : null}
            <Chip icon={ClockIcon}>
              {paste.expires_at
                ? t("pastes.result.summary.expires", { date: formatDateTime(paste.expires_at, language) })
                : t("pastes.result.summary.neverExpires")}
            </Chip>
            <Chip icon={EyeSlashIcon}>
              {paste.max_views > 0
                ? t("pastes.result.summary.maxViews", { count: paste.max_views })
                : t("pastes.result.summary.unlimited")}
            </Chip>
          </ul>
        </div>

        <div className="flex justify-center lg:block">
          <QrCode value={shareUrl} />
        </div>
      </div>

      <div className="border-t border-slate-200 bg-slate-50 px-5 py-4 sm:px-6 dark:border-slate-800 dark:bg-slate-950/40">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <ClockIcon className="size-5 shrink-0 text-amber-500" />
            {hasTimer ? (
              <p role="timer" aria-live="off" data-testid="share-countdown">
                {t("pastes.result.hidesIn", { count: left })}
              </p>
            ) : (
              <p data-testid="share-kept">{t("pastes.result.keptUntilLeave")}</p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" icon={EyeSlashIcon} onClick={onHide}>
              {t("pastes.result.hideNow")}
            </Button>
            <Button variant="secondary" icon={PlusIcon} onClick={onCreateAnother}>
              {t("pastes.result.createAnother")}
            </Button>
          </div>
        </div>
        {hasTimer ? <CountdownBar deadline={deadline} left={left} /> : null}
      </div>
    </section>
  );
}

/** A link to read and copy: its label, the link selected on focus, the actions beside it, a hint below. */
function LinkField(props: {
  id: string;
  label: string;
  value: string;
  /** The user copied the link by hand (selection and the clipboard's own keys or menu). */
  onCopy?: () => void;
  describedBy?: string;
  className: string;
  rowClassName?: string;
  inputClassName: string;
  hint: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {props.label}
      </label>
      <div className={cx("mt-1.5 flex gap-2", props.rowClassName)}>
        <input
          id={props.id}
          readOnly
          value={props.value}
          onFocus={(event) => event.currentTarget.select()}
          onCopy={props.onCopy}
          aria-describedby={props.describedBy}
          className={cx(
            "block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono dark:border-slate-700 dark:bg-slate-950",
            props.inputClassName,
          )}
          data-testid={props.id}
        />
        {props.children}
      </div>
      {props.hint}
    </div>
  );
}

function CountdownBar({ deadline, left }: { deadline: number; left: number }) {
  // `left` re-renders it each second; the width eases between ticks.
  const fraction = left === 0 ? 0 : fractionLeft(deadline, SHARE_LINK_VISIBLE_SECONDS, Date.now());
  return (
    <div className="mt-3 h-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
      <div
        className="h-full rounded-full bg-amber-500 transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
        style={{ width: `${fraction * 100}%` }}
      />
    </div>
  );
}

function Chip({ icon: Icon, children }: { icon: typeof ClockIcon; children: string }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      <Icon className="size-3.5" />
      {children}
    </li>
  );
}

function HiddenLink({ onCreateAnother, canManage }: { onCreateAnother: () => void; canManage: boolean }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  // The control that had focus (copy, hide) is gone with the link: keep the keyboard in the panel.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      panel.current?.querySelector<HTMLElement>("[data-create-another]")?.focus();
  }, []);
  return (
    <StatusPanel
      ref={panel}
      size="card"
      icon={EyeSlashIcon}
      title={t("pastes.result.hiddenTitle")}
      titleId="share-hidden-title"
      description={t("pastes.result.hiddenDescription")}
      className={cardSurface}
      testId="share-hidden"
      actions={
        <>
          {canManage ? (
            <Link href={adminModulePath("text-management")} className={buttonClasses("secondary")}>
              {t("pastes.result.manage")}
            </Link>
          ) : null}
          <Button variant="primary" icon={PlusIcon} onClick={onCreateAnother} data-create-another>
            {t("pastes.result.createAnother")}
          </Button>
        </>
      }
    />
  );
}
