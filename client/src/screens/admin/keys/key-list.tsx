// The API key list: a table from xl up, cards below (down to 375 px phones). Both show the same facts:
// name, masked key, permissions, base path, expiry (with the expired state), last use and creation,
// with a checkbox per key and select-all.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx, iconButton } from "../../../components/class-names";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { PermissionBadges } from "../../../components/permission-badges";
import { maskKey } from "../../../lib/api-key-form";
import { DateTime, ResourceList, StatusBadge } from "../shared/list/resource-list";
import type { Selection } from "../shared/list/use-selection";

export type KeyListProps = {
  keys: readonly ApiKeyView[];
  selection: Selection;
  onEdit: (key: ApiKeyView) => void;
  now: Date;
};

function permissionsOf(key: ApiKeyView) {
  return { text: key.text_permission, file: key.file_permission, mount: key.mount_permission };
}

function MaskedKey({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      {/* Screen readers hear "key starting with …" rather than a run of bullet characters. */}
      <code
        aria-hidden="true"
        className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        {maskKey(apiKey.key_prefix)}
      </code>
      <span className="sr-only">{t("apiKeys.table.maskedKey", { prefix: apiKey.key_prefix })}</span>
      {apiKey.is_custom ? (
        <span className="text-xs text-slate-500 dark:text-slate-400">{t("apiKeys.table.custom")}</span>
      ) : null}
    </span>
  );
}

function Expiry({ apiKey, now }: { apiKey: ApiKeyView; now: Date }) {
  const { t } = useTranslation();
  if (!apiKey.expires_at) return <span className="text-slate-500 dark:text-slate-400">{t("apiKeys.table.never")}</span>;
  const isExpired = apiKey.is_expired || apiKey.expires_at.getTime() <= now.getTime();
  if (isExpired) {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <StatusBadge tone="red">{t("apiKeys.table.expired")}</StatusBadge>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          <DateTime date={apiKey.expires_at} />
        </span>
      </span>
    );
  }
  return <DateTime date={apiKey.expires_at} />;
}

function LastUsed({ apiKey, now }: { apiKey: ApiKeyView; now: Date }) {
  const { t } = useTranslation();
  if (!apiKey.last_used)
    return <span className="text-slate-500 dark:text-slate-400">{t("apiKeys.table.neverUsed")}</span>;
  return <DateTime date={apiKey.last_used} relativeTo={now} />;
}

export function KeyList({ keys, selection, onEdit, now }: KeyListProps) {
  const { t } = useTranslation();
  const td = "px-2 py-3.5";
  const dateCell = cx(td, "whitespace-nowrap text-slate-700 dark:text-slate-300");
  return (
    <ResourceList
      ns="apiKeys"
      items={keys}
      breakpoint="xl"
      selection={selection}
      selectLabel={(key) => t("apiKeys.table.select", { name: key.name })}
      table={{
        isCompact: true,
        columns: [
          {
            key: "name",
            header: t("apiKeys.table.name"),
            isRowHeader: true,
            cellClassName: cx(td, "min-w-28 max-w-52 font-medium break-words text-slate-900 dark:text-white"),
            render: (key) => key.name,
          },
          {
            key: "key",
            header: t("apiKeys.table.key"),
            cellClassName: td,
            render: (key) => <MaskedKey apiKey={key} />,
          },
          {
            key: "permissions",
            header: t("apiKeys.table.permissions"),
            cellClassName: cx(td, "max-w-36"),
            render: (key) => <PermissionBadges permissions={permissionsOf(key)} mountReadOnly={key.mount_read_only} />,
          },
          {
            key: "basePath",
            header: t("apiKeys.table.basePath"),
            cellClassName: cx(td, "max-w-36 font-mono text-xs break-all text-slate-700 dark:text-slate-300"),
            render: (key) => key.basic_path,
          },
          {
            key: "expires",
            header: t("apiKeys.table.expires"),
            cellClassName: dateCell,
            render: (key) => <Expiry apiKey={key} now={now} />,
          },
          {
            key: "lastUsed",
            header: t("apiKeys.table.lastUsed"),
            cellClassName: dateCell,
            render: (key) => <LastUsed apiKey={key} now={now} />,
          },
          {
            key: "created",
            header: t("apiKeys.table.created"),
            cellClassName: dateCell,
            render: (key) => <DateTime date={key.created_at} />,
          },
        ],
        actions: {
          header: t("apiKeys.table.actions"),
          headerClassName: "py-3 pr-2 pl-0",
          cellClassName: "py-2.5 pr-2 pl-0 text-right",
          render: (key) => (
            <button
              type="button"
              onClick={() => onEdit(key)}
              {...opensDialog("key-form")}
              aria-label={t("apiKeys.table.editKey", { name: key.name })}
              title={t("apiKeys.table.edit")}
              className={iconButton}
            >
              <PencilIcon className="size-4.5" />
            </button>
          ),
        },
      }}
      cards={{
        listClassName: "grid gap-3 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2",
        card: (key) => ({
          header: (
            <>
              <h2 className="text-base font-semibold break-words text-slate-900 dark:text-white">{key.name}</h2>
              <div className="mt-1">
                <MaskedKey apiKey={key} />
              </div>
            </>
          ),
          aside: (
            <Button
              size="sm"
              variant="ghost"
              icon={PencilIcon}
              onClick={() => onEdit(key)}
              {...opensDialog("key-form")}
              aria-label={t("apiKeys.table.editKey", { name: key.name })}
              className="-mt-1 -mr-2"
            >
              {t("apiKeys.table.edit")}
            </Button>
          ),
          body: (
            <PermissionBadges permissions={permissionsOf(key)} mountReadOnly={key.mount_read_only} className="mt-3" />
          ),
          fieldsClassName:
            "mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 border-t border-slate-100 pt-3 dark:border-slate-800",
          fields: [
            { label: t("apiKeys.table.basePath"), value: key.basic_path, className: "font-mono text-xs break-all" },
            { label: t("apiKeys.table.expires"), value: <Expiry apiKey={key} now={now} /> },
            { label: t("apiKeys.table.lastUsed"), value: <LastUsed apiKey={key} now={now} /> },
            { label: t("apiKeys.table.created"), value: <DateTime date={key.created_at} /> },
          ],
        }),
      }}
    />
  );
}
