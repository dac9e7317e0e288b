// An admin module's list of cards (WebDAV locks, shared links, upload requests) in its four states:
// a skeleton while it loads, the load error with its retry, what would be here when there is nothing,
// then the cards in a list named for screen readers. Its texts come from the module's namespace:
// `<ns>.loading`, `<ns>.loadError`, `<ns>.empty.title`, `<ns>.empty.description`, `<ns>.listLabel`;
// its look (the empty state's icon, grid or column) from the table below.
import InboxArrowDownIcon from "@heroicons/react/24/outline/InboxArrowDownIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import LockOpenIcon from "@heroicons/react/24/outline/LockOpenIcon";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../../components/class-names";
import { LoadError, type RefetchableQuery } from "../../../../components/feedback/request-status";
import type { IconProps } from "../../../../components/icons";
import { CardGridSkeleton, EmptyState } from "./list-states";

/** The modules whose texts hold the keys above (screens/admin/shared/texts.test.ts checks them). */
export type CardListNamespace = "davLocks" | "sharedLinks" | "uploadRequests";

const LOOKS: Record<
  CardListNamespace,
  {
    emptyIcon: ComponentType<IconProps>;
    /** Two columns on wide screens, or one card under the other (cards that open in place). */
    layout: "grid" | "column";
    testId: string;
  }
> = {
  davLocks: { emptyIcon: LockOpenIcon, layout: "grid", testId: "dav-lock-list" },
  sharedLinks: { emptyIcon: LinkIcon, layout: "grid", testId: "shared-link-list" },
  uploadRequests: { emptyIcon: InboxArrowDownIcon, layout: "column", testId: "upload-request-list" },
};

export function CardList<Item>({
  ns,
  query,
  items,
  children,
  footer,
}: {
  ns: CardListNamespace;
  query: RefetchableQuery & { isPending: boolean; isError: boolean };
  /** The cards' items once loaded. */
  items: readonly Item[] | undefined;
  /** One card, with its key. */
  children: (item: Item) => ReactNode;
  /** Shown under the cards when there are some (the pager). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const { emptyIcon, layout, testId } = LOOKS[ns];
  if (query.isPending) return <CardGridSkeleton className="mt-6" label={t(`${ns}.loading`)} />;
  if (query.isError || !items) return <LoadError className="mt-6" title={t(`${ns}.loadError`)} query={query} />;
  if (items.length === 0) {
    return (
      <EmptyState
        className="mt-6"
        icon={emptyIcon}
        title={t(`${ns}.empty.title`)}
        description={t(`${ns}.empty.description`)}
      />
    );
  }
  return (
    <>
      <ul
        className={cx("mt-6 gap-4", layout === "grid" ? "grid grid-cols-1 xl:grid-cols-2" : "flex flex-col")}
        aria-label={t(`${ns}.listLabel`)}
        data-testid={testId}
      >
        {items.map(children)}
      </ul>
      {footer}
    </>
  );
}
