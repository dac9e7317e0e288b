// The card of a link in the admin (a shared link, a set of files, an upload request): its URL under
// the card's title; the buttons that copy it or open it in a new tab; the card's own actions; and, last,
// Extend (a new expiry counted from now) and the button that ends the link (revoke a shared link, close
// an upload request), each opening its dialog. Texts come from the module's namespace: `<ns>.copyLink`,
// `.linkCopied`, `.copyFailed`, the open link's, and `.extend.*` and `.revoke.*` or `.close.*`. Also here:
// the dialog that asks before it ends the link.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import NoSymbolIcon from "@heroicons/react/24/outline/NoSymbolIcon";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { CopyButton } from "../../../components/copy-button";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import { type DialogName, opensDialog } from "../../../components/dialogs/dialog-names";
import type { SaveHandlers } from "../../../components/dialogs/form-dialog";
import type { IconProps } from "../../../components/icons";
import { ConfigCard } from "./config-card";
import { useToastOutcome } from "./use-toast-outcome";

type LinkNs = "sharedLinks" | "uploadRequests";

/** How each module's link card differs: the open link's text, how the link ends, and the dialogs. */
const LINK_KINDS: Record<
  LinkNs,
  {
    open: string;
    end: "revoke" | "close";
    endIcon: ComponentType<IconProps>;
    /** The interpolation name of the card's title in the buttons' labels. */
    item: "name" | "folder";
    dialogs: { extend: DialogName; end: DialogName };
  }
> = {
  sharedLinks: {
    open: "sharedLinks.open",
    end: "revoke",
    endIcon: NoSymbolIcon,
    item: "name",
    dialogs: { extend: "shared-link-extend", end: "shared-link-revoke" },
  },
  uploadRequests: {
    open: "uploadRequests.openPage",
    end: "close",
    endIcon: LockClosedIcon,
    item: "folder",
    dialogs: { extend: "upload-request-extend", end: "upload-request-close" },
  },
};

export function LinkConfigCard({
  ns,
  url,
  actions,
  onExtend,
  isExtendDisabled,
  onEnd,
  isEndDisabled = false,
  ...card
}: Omit<ComponentProps<typeof ConfigCard>, "subtitle" | "actions" | "actionsClassName"> & {
  ns: LinkNs;
  url: string;
  /** The card's own actions, after the copy and open pair. */
  actions?: ReactNode;
  onExtend: () => void;
  isExtendDisabled: boolean;
  /** Revokes or closes the link (its dialog asks first). */
  onEnd: () => void;
  isEndDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const kind = LINK_KINDS[ns];
  const item = { [kind.item]: card.title };
  const lifeAction = (
    action: "extend" | "end",
    icon: ComponentType<IconProps>,
    onClick: () => void,
    isDisabled: boolean,
  ) => {
    const key = `${ns}.${action === "extend" ? "extend" : kind.end}`;
    return (
      <Button
        size="sm"
        variant="ghost"
        icon={icon}
        onClick={onClick}
        disabled={isDisabled}
        aria-label={t(`${key}.label`, item)}
        {...opensDialog(kind.dialogs[action])}
        data-testid={kind.dialogs[action]}
      >
        {t(`${key}.action`)}
      </Button>
    );
  };
  return (
    <ConfigCard
      {...card}
      subtitle={<LinkUrl url={url} />}
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <CopyButton
            size="sm"
            variant="ghost"
            text={url}
            label={t(`${ns}.copyLink`)}
            copiedMessage={t(`${ns}.linkCopied`)}
            failedMessage={t(`${ns}.copyFailed`)}
          />
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
          >
            <ArrowTopRightOnSquareIcon className="size-4" />
            {t(kind.open)}
          </a>
          {actions}
          <span className="flex-1" />
          {lifeAction("extend", ClockIcon, onExtend, isExtendDisabled)}
          {lifeAction("end", kind.endIcon, onEnd, isEndDisabled)}
        </>
      }
    />
  );
}

function LinkUrl({ url }: { url: string }) {
  return (
    <p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400" title={url}>
      {url}
    </p>
  );
}

/**
 * Asks, then ends a link (revokes a shared link or a set, closes an upload request) and says so in a
 * toast. Texts: `<ns>.revoke.*` or `<ns>.close.*`: `title`, `description`, `confirm` and `done`.
 */
export function EndLinkDialog({
  ns,
  open,
  onClose,
  description,
  end,
  isPending,
  onEnded,
}: {
  ns: LinkNs;
  open: boolean;
  onClose: () => void;
  /** Replaces `<ns>.<end>.description` (a set of files says what revoking it does). */
  description?: string;
  /** Sends the request with the dialog's handlers; null while there is nothing to end (the dialog closing). */
  end: ((handlers: SaveHandlers<unknown>) => void) | null;
  isPending: boolean;
  /** Refreshes the lists that show the link, whatever the outcome. */
  onEnded: () => void;
}) {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const kind = LINK_KINDS[ns];
  const texts = `${ns}.${kind.end}`;
  return (
    <ConfirmDialog
      name={kind.dialogs.end}
      open={open}
      onClose={onClose}
      icon={kind.endIcon}
      title={t(`${texts}.title`)}
      description={description ?? t(`${texts}.description`)}
      confirmLabel={t(`${texts}.confirm`)}
      isPending={isPending}
      isConfirmDisabled={!end}
      confirmTestId={`${kind.dialogs.end}-confirm`}
      onConfirm={() => end?.(outcome(t(`${texts}.done`), onEnded, onClose))}
    />
  );
}
