// Every English text, joined (resources.ts). The client loads them in parts (shared/i18n/text-parts.ts,
// client/src/i18n.ts); the server holds its own (server.ts).

import { enCloudPasteImport } from "../locales/en/admin/cloudpaste-import";
import { enClipboard } from "../locales/en/clipboard/clipboard";
import { enDavErrors } from "../locales/en/explorer/dav-errors";
import { enExplorer } from "../locales/en/explorer/explorer";
import { enPasteLink } from "../locales/en/pastes/paste-link";
import { enPastes } from "../locales/en/pastes/pastes";
import { enFileKinds } from "../locales/en/shares/file-kinds";
import { enFileLink } from "../locales/en/shares/file-link";
import { enFiles } from "../locales/en/shares/files";
import { enLinkPreview } from "../locales/en/shares/link-preview";
import { enShareLink } from "../locales/en/shares/share-link";
import { enShareManage } from "../locales/en/shares/share-manage";
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
