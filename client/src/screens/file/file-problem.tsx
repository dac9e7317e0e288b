// The file page's "cannot be shown" screens: the shared ones, with a way to share a file of one's own.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../components/button";
import {
  type GoneProblem,
  ShareGone,
  ShareLoadFailed,
  type UndecryptableProblem,
} from "../../components/share-problem";
import { ROUTES } from "../../routes";

export type { GoneProblem } from "../../components/share-problem";

export function FileGone({ problem }: { problem: GoneProblem | UndecryptableProblem }) {
  const { t } = useTranslation();
  return (
    <ShareGone
      kind="files"
      problem={problem}
      actions={
        <>
          <Link href={ROUTES.upload} className={buttonClasses("primary")}>
            <ArrowUpTrayIcon className="size-4.5" />
            {t("files.gone.shareOwn")}
          </Link>
          <Link href={ROUTES.home} className={buttonClasses("secondary")}>
            {t("files.gone.backHome")}
          </Link>
        </>
      }
    />
  );
}

export function FileLoadFailed(props: { message: string; onRetry: () => void; isRetrying: boolean }) {
  return <ShareLoadFailed kind="files" {...props} />;
}
