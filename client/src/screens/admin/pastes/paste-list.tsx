// The paste list of text management: a table from lg up, cards below (375 px phones). Both show
// the link suffix and remark, a preview of the content, views against the limit, protection,
// expiry (with the expired or used-up state) and creation, with selection and row actions.
import Bars3BottomLeftIcon from "@heroicons/react/24/outline/Bars3BottomLeftIcon";
import HashtagIcon from "@heroicons/react/24/outline/HashtagIcon";
import { useTranslation } from "react-i18next";
import { DateTime } from "../shared/list/resource-list";
import type { Selection } from "../shared/list/use-selection";
import {
  ShareExpiry,
  ShareRemark,
  ShareRowActions,
  type ShareRowHandlers,
  ShareViews,
  useShareCardFields,
} from "../shared/share-cells";
import { EncryptedShareNote, ShareList } from "../shared/share-list";
import type { PasteSummary } from "./paste-api";

export type PasteListProps = ShareRowHandlers<PasteSummary> & {
  pastes: readonly PasteSummary[];
  selection: Selection;
  onPreview: (paste: PasteSummary) => void;
};

function Preview({ paste, showCreated = false }: { paste: PasteSummary; showCreated?: boolean }) {
  const { t } = useTranslation();
  const FormatIcon = paste.format === "markdown" ? HashtagIcon : Bars3BottomLeftIcon;
  return (
    <div className="min-w-0">
      {paste.encrypted ? (
        // Ciphertext: the key is only in the share link, so there is nothing to preview here.
        <EncryptedShareNote kind="pastes" className="text-slate-700 dark:text-slate-300" />
      ) : (
        <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">{paste.preview}</p>
      )}
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
        <FormatIcon className="size-3.5" />
        {t(`pastes.view.format.${paste.format}`)}
        <span aria-hidden="true">·</span>
        {t("pastes.manage.table.characters", { count: paste.content_length })}
        {showCreated ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {t("pastes.manage.table.created")} <DateTime date={paste.created_at} />
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}

function Slug({ paste }: { paste: PasteSummary }) {
  return (
    <div className="min-w-0">
      <p className="font-mono text-sm font-semibold break-all text-slate-900 dark:text-white">{paste.slug}</p>
      <ShareRemark kind="pastes" remark={paste.remark} className="mt-0.5 text-xs break-words" />
    </div>
  );
}

export function PasteList({ pastes, selection, onPreview, ...handlers }: PasteListProps) {
  const { t } = useTranslation();
  const shareFields = useShareCardFields("pastes");
  const actions = (paste: PasteSummary) => (
    <ShareRowActions
      kind="pastes"
      share={paste}
      name={paste.slug}
      preview={{ onClick: () => onPreview(paste) }}
      handlers={handlers}
    />
  );
  return (
    <ShareList
      kind="pastes"
      items={pastes}
      selection={selection}
      selectLabel={(paste) => t("pastes.manage.table.select", { slug: paste.slug })}
      table={{
        columns: [
          {
            key: "slug",
            header: t("pastes.manage.table.slug"),
            headerClassName: "w-40",
            isRowHeader: true,
            cellClassName: "px-3 py-3 font-normal",
            render: (paste) => <Slug paste={paste} />,
          },
          {
            key: "content",
            header: t("pastes.manage.table.content"),
            cellClassName: "px-3 py-3",
            render: (paste) => <Preview paste={paste} showCreated />,
          },
          {
            key: "views",
            header: t("pastes.manage.table.views"),
            headerClassName: "w-20",
            cellClassName: "px-3 py-3.5 whitespace-nowrap text-slate-700 dark:text-slate-300",
            render: (paste) => <ShareViews kind="pastes" share={paste} />,
          },
          {
            key: "expires",
            header: t("pastes.manage.table.expires"),
            headerClassName: "w-32",
            cellClassName: "px-3 py-3.5 text-slate-700 dark:text-slate-300",
            render: (paste) => <ShareExpiry kind="pastes" share={paste} />,
          },
        ],
        actions: {
          header: t("pastes.manage.table.actions"),
          // Five icon buttons: preview, copy, edit, extend, delete.
          headerClassName: "w-48 py-3 pr-4 pl-3",
          cellClassName: "py-2.5 pr-3 pl-2",
          render: actions,
        },
      }}
      cards={{
        card: (paste) => ({
          header: <Slug paste={paste} />,
          body: (
            <div className="mt-3">
              <Preview paste={paste} />
            </div>
          ),
          fieldsClassName: "mt-3 grid grid-cols-3 gap-2",
          fields: shareFields(paste),
          footer: actions(paste),
        }),
      }}
    />
  );
}
