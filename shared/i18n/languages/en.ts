// Every English text, joined (resources.ts). The client loads them in parts (shared/i18n/text-parts.ts,
// client/src/i18n.ts); the server holds its own (server.ts).
import { enClipboard } from "../locales/en/clipboard";
import { enCloudPasteImport } from "../locales/en/cloudpaste-import";
import { enDavErrors } from "../locales/en/dav-errors";
import { enExplorer } from "../locales/en/explorer";
import { enFileKinds } from "../locales/en/file-kinds";
import { enFileLink } from "../locales/en/file-link";
import { enFiles } from "../locales/en/files";
import { enLinkPreview } from "../locales/en/link-preview";
import { enPasteLink } from "../locales/en/paste-link";
import { enPastes } from "../locales/en/pastes";
import { enShareLink } from "../locales/en/share-link";
import { enShareManage } from "../locales/en/share-manage";
import { joinTextParts } from "../text-parts";
import { enAdmin } from "./en-admin";
import { enCore } from "./en-core";
import { enErrorTexts } from "./en-errors";

export const en = {
  translation: joinTextParts(
    enCore,
    enPastes,
    enPasteLink,
    enFiles,
    enFileKinds,
    enFileLink,
    enShareLink,
    enShareManage,
    enExplorer,
    enAdmin,
    enClipboard,
    { errors: enErrorTexts },
    // The server's alone: WebDAV's messages, which no page shows.
    { errors: enDavErrors },
    // The server's alone: the cards chat apps show for share links.
    enLinkPreview,
    // The server's alone: the notes of a CloudPaste import's report.
    enCloudPasteImport,
  ),
};
