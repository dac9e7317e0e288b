// Preview of a paste in text management: its whole content as visitors see it (rendered Markdown or
// plain text), fetched through management, so looking does not count a view.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/button";
import { CopyButton } from "../../../components/copy-button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { RequestView } from "../../../components/feedback/request-status";
import { PasteContent } from "../../paste/paste-content";
import { type PasteSummary, usePasteApi } from "./paste-api";

export type PastePreviewDialogProps = { paste: PasteSummary | null; open: boolean; onClose: () => void };

export function PastePreviewDialog({ paste, open, onClose }: PastePreviewDialogProps) {
  const { t } = useTranslation();
  const { procedures } = usePasteApi();
  const detail = procedures.get.useQuery({ id: paste?.id ?? "" }, { enabled: open && paste !== null });

  return (
    <AppDialog
      name="paste-preview"
      open={open}
      onClose={onClose}
      size="lg"
      icon={EyeIcon}
      title={t("pastes.manage.preview.title", { slug: paste?.slug ?? "" })}
      description={paste?.remark ?? undefined}
      footer={
        paste ? (
          <>
            <a
              href={paste.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses("ghost")}
              title={t("pastes.manage.preview.openPageHint")}
            >
              <ArrowTopRightOnSquareIcon className="size-4.5" />
              {t("pastes.manage.preview.openPage")}
            </a>
            <CopyButton
              text={paste.url}
              label={t("pastes.manage.actions.copyLink")}
              copiedMessage={t("pastes.result.copied")}
              failedMessage={t("pastes.result.copyFailed")}
            />
            <Button variant="primary" onClick={onClose}>
              {t("pastes.manage.preview.close")}
            </Button>
          </>
        ) : null
      }
    >
      <div
        className="max-h-[60vh] overflow-y-auto rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5 dark:bg-slate-950/60 dark:ring-slate-800"
        data-testid="paste-preview"
      >
        <RequestView
          request={detail}
          loadingLabel={t("pastes.manage.preview.loading")}
          failedTitle={t("pastes.manage.preview.failed")}
        >
          {(data) =>
            data.encrypted ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{t("pastes.manage.preview.encrypted")}</p>
            ) : (
              <PasteContent content={data.content} format={data.format} />
            )
          }
        </RequestView>
      </div>
    </AppDialog>
  );
}
