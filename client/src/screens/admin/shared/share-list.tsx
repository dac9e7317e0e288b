// The list of a share management module (files, pastes): what both lists do alike lives here.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import type { ShareKind } from "../../../components/feedback/share-problem";
import { ResourceList, type ResourceListProps } from "./list/resource-list";
import type { ShareRow } from "./share-cells";

// A share's row and card are named by its link suffix: `file-row-<slug>`, `paste-card-<slug>`.
const TEST_ID_PREFIX: Record<ShareKind, string> = { files: "file", pastes: "paste" };

type ShareListItem = ShareRow & { id: string; slug: string };
type SharedListParts = "isFixed" | "testId" | "itemTestId" | "isDimmed";

/** The list of a share management module: a table from lg up with fixed columns, cards below;
 * expired or used-up shares are dimmed. */
export function ShareList<Item extends ShareListItem>({
  kind,
  table,
  cards,
  ...common
}: Omit<ResourceListProps<Item>, "ns" | "breakpoint" | "table" | "cards"> & {
  kind: ShareKind;
  table: Omit<ResourceListProps<Item>["table"], SharedListParts>;
  cards: Omit<ResourceListProps<Item>["cards"], SharedListParts>;
}) {
  const prefix = TEST_ID_PREFIX[kind];
  return (
    <ResourceList
      {...common}
      ns={`${kind}.manage`}
      breakpoint="lg"
      table={{
        ...table,
        isFixed: true,
        testId: `${prefix}-table`,
        itemTestId: (item) => `${prefix}-row-${item.slug}`,
        isDimmed: (item) => item.is_expired,
      }}
      cards={{ ...cards, testId: `${prefix}-cards`, itemTestId: (item) => `${prefix}-card-${item.slug}` }}
    />
  );
}

/** In place of an end-to-end encrypted share's name or content: the key is only in the share link,
 * so the admin sees neither. */
export function EncryptedShareNote({ kind, className }: { kind: ShareKind; className: string }) {
  const { t } = useTranslation();
  return (
    <p className={cx("flex items-center gap-1.5 text-sm italic", className)}>
      <LockClosedIcon className="size-4 shrink-0" />
      {t(`${kind}.manage.table.encrypted`)}
    </p>
  );
}
