// The card of a link in the admin (a shared link, a set of files, an upload request): its URL under
// the card's title, and the buttons that copy it or open it in a new tab, with the texts of its module,
// first among the card's actions.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import type { ComponentProps, ReactNode } from "react";
import { CopyButton } from "../../../components/copy-button";
import { ConfigCard } from "./config-card";

export function LinkConfigCard({
  url,
  linkTexts,
  actions,
  ...card
}: Omit<ComponentProps<typeof ConfigCard>, "subtitle" | "actions" | "actionsClassName"> & {
  url: string;
  linkTexts: LinkActionTexts;
  /** The card's own actions, after the copy and open pair. */
  actions: ReactNode;
}) {
  return (
    <ConfigCard
      {...card}
      subtitle={<LinkUrl url={url} />}
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <CopyAndOpenLink url={url} texts={linkTexts} />
          {actions}
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

type LinkActionTexts = { copy: string; copied: string; copyFailed: string; open: string };

function CopyAndOpenLink({ url, texts }: { url: string; texts: LinkActionTexts }) {
  return (
    <>
      <CopyButton
        size="sm"
        variant="ghost"
        text={url}
        label={texts.copy}
        copiedMessage={texts.copied}
        failedMessage={texts.copyFailed}
      />
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
      >
        <ArrowTopRightOnSquareIcon className="size-4" />
        {texts.open}
      </a>
    </>
  );
}
