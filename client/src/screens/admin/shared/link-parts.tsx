// The link a card of the admin shows (a shared link, a set of files, an upload request): its URL under
// the card's title, and the buttons that copy it or open it in a new tab, with the texts of its module.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import { CopyButton } from "../../../components/copy-button";

export function LinkUrl({ url }: { url: string }) {
  return (
    <p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400" title={url}>
      {url}
    </p>
  );
}

export type LinkActionTexts = { copy: string; copied: string; copyFailed: string; open: string };

export function CopyAndOpenLink({ url, texts }: { url: string; texts: LinkActionTexts }) {
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
