// View of a shared paste (/paste/:slug). Opening it counts a view on the server, so it is fetched
// once and never refetched behind the visitor's back. A protected paste asks for its password
// first. Expired, used-up and missing pastes get their own screens.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import Bars3BottomLeftIcon from "@heroicons/react/24/outline/Bars3BottomLeftIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import HashtagIcon from "@heroicons/react/24/outline/HashtagIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import type { PasteView } from "@shared/schemas/pastes";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { lazyPageContent, PageSpinner } from "../../components/feedback/page-spinner";
import { ShareGone, ShareLoadFailed } from "../../components/feedback/share-problem";
import { FormAlert } from "../../components/forms/form-controls";
import type { IconProps } from "../../components/icons";
import { PageQrCode } from "../../components/page-qr-code";
import { useScreenTitle } from "../../hooks/use-page-title";
import { currentLanguage } from "../../i18n";
import { useOnceRead } from "../../lib/api/once-reads";
import { formatDateTime, formatRelativeTime } from "../../lib/format-date";
import { classifyPasteError, isTerminalProblem } from "../../lib/pastes/paste-errors";
import { pasteLinkFrom, rawPathFor } from "../../lib/pastes/paste-links";
import { pasteTitleOf } from "../../lib/pastes/paste-title";
import { useShareUnlock } from "../../lib/shares/use-share-unlock";
import { unlockPaste, viewPaste } from "./paste-api";
import { PasteContent } from "./paste-content";

// Most pastes are neither protected nor encrypted: their pages do not download the password prompt or the
// decryption (docs/performance.md, Page weight).
const PastePasswordPrompt = lazyPageContent(() =>
  import("./paste-password-prompt").then((module) => module.PastePasswordPrompt),
);
const EncryptedPaste = lazyPageContent(() => import("./encrypted-paste").then((module) => module.EncryptedPaste));

export type PasteViewScreenProps = { slug: string };

export default function PasteViewScreen({ slug }: PasteViewScreenProps) {
  const { t } = useTranslation();
  // Each read is a counted view: once per visit, never again in the background.
  const { read: view, refetch } = useOnceRead(`paste:${slug}`, () => viewPaste(slug));
  const { unlocked, isUnlocking, passwordError, goneProblem, unlock } = useShareUnlock("pastes", (password) =>
    unlockPaste(slug, password),
  );

  if (view.status === "pending") return <PageSpinner label={t("pastes.view.loading")} />;

  if (view.status === "error") {
    const problem = classifyPasteError(view.error);
    if (isTerminalProblem(problem)) return <ShareGone kind="pastes" problem={problem} />;
    return <ShareLoadFailed kind="pastes" error={view.error} onRetry={refetch} isRetrying={view.isFetching} />;
  }
  if (goneProblem) return <ShareGone kind="pastes" problem={goneProblem} />;

  const shown = unlocked?.share ?? view.data;
  if (shown.requires_password || shown.content === null) {
    return <PastePasswordPrompt isChecking={isUnlocking} error={passwordError ?? null} onSubmit={unlock} />;
  }

  if (shown.encrypted) {
    return (
      <EncryptedPaste envelope={shown.content}>
        {(text) => <PasteDocument paste={{ ...shown, content: text }} password={null} />}
      </EncryptedPaste>
    );
  }
  return <PasteDocument paste={{ ...shown, content: shown.content }} password={unlocked?.password ?? null} />;
}

function PasteDocument({ paste, password }: { paste: PasteView & { content: string }; password: string | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const now = new Date();
  // The remark is the owner's note and never reaches visitors (docs/product.md §3): one heading for every
  // share. The tab and the history name the paste by its first line, except an encrypted one: its words
  // stay out of anything the browser keeps or syncs outside the page.
  const title = t("pastes.view.untitled");
  useScreenTitle(paste.encrypted ? null : pasteTitleOf(paste.content, paste.format));
  const isLastView = paste.max_views > 0 && paste.views >= paste.max_views;
  const copyMessages = { failedMessage: t("pastes.view.copyFailed") };

  return (
    <article aria-labelledby="paste-title" data-testid="paste-document">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 lg:flex-row lg:items-end lg:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <h1
            id="paste-title"
            className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white"
          >
            {title}
          </h1>
          <ul className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
            <Meta icon={paste.format === "markdown" ? HashtagIcon : Bars3BottomLeftIcon}>
              {t(`pastes.view.format.${paste.format}`)}
            </Meta>
            <Meta icon={EyeIcon} testId="paste-views">
              {paste.max_views > 0
                ? t("pastes.view.viewsOfMax", { views: paste.views, max: paste.max_views })
                : t("pastes.view.views", { count: paste.views })}
            </Meta>
            <Meta icon={ClockIcon}>
              {paste.expires_at ? (
                <time dateTime={paste.expires_at.toISOString()} title={formatDateTime(paste.expires_at, language)}>
                  {t("pastes.view.expiresAt", { relative: formatRelativeTime(paste.expires_at, now, language) })}
                </time>
              ) : (
                t("pastes.view.neverExpires")
              )}
            </Meta>
            {paste.has_password ? <Meta icon={LockClosedIcon}>{t("pastes.view.protected")}</Meta> : null}
            {paste.encrypted ? <Meta icon={LockClosedIcon}>{t("pastes.view.encrypted")}</Meta> : null}
            <li>
              <time dateTime={paste.created_at.toISOString()} title={formatDateTime(paste.created_at, language)}>
                {t("pastes.view.createdAt", { date: formatDateTime(paste.created_at, language) })}
              </time>
            </li>
          </ul>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CopyButton
            text={paste.content}
            label={t("pastes.view.copyContent")}
            copiedMessage={t("pastes.view.contentCopied")}
            variant="primary"
            {...copyMessages}
          />
          <CopyButton
            // An encrypted paste's key is the fragment: the link is nothing without it.
            text={() => pasteLinkFrom(window.location, { withFragment: paste.encrypted })}
            label={t("pastes.view.copyLink")}
            copiedMessage={t("pastes.view.linkCopied")}
            {...copyMessages}
          />
          {paste.encrypted ? null : (
            <a
              href={rawPathFor(paste.slug, password)}
              target="_blank"
              rel="noopener noreferrer"
              title={t("pastes.view.openRawHint")}
              className={buttonClasses("secondary")}
              data-testid="open-raw"
            >
              <ArrowTopRightOnSquareIcon className="size-4.5" />
              {t("pastes.view.openRaw")}
            </a>
          )}
        </div>
      </header>

      {isLastView ? (
        <FormAlert tone="warning" className="mt-5">
          {t("pastes.view.lastView")}
        </FormAlert>
      ) : null}

      <section aria-label={t("pastes.view.contentLabel")} className={cx(cardSurface, "mt-6 p-5 sm:p-8")}>
        <PasteContent
          content={paste.content}
          format={paste.format}
          html={paste.html}
          renderRefused={paste.render_refused}
        />
      </section>
      <PageQrCode
        // The key of an encrypted paste is the link's fragment: the code holds the whole link.
        link={pasteLinkFrom(window.location, { withFragment: paste.encrypted })}
        testId="paste-qr-toggle"
        className="mt-6 sm:max-w-xs"
      />
    </article>
  );
}

function Meta({
  icon: Icon,
  children,
  testId,
}: {
  icon: ComponentType<IconProps>;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <li className="inline-flex items-center gap-1.5" data-testid={testId}>
      <Icon className="size-4 shrink-0 text-slate-400 dark:text-slate-500" />
      {children}
    </li>
  );
}
