// Every Chinese text, joined (resources.ts). The client loads them in parts (shared/i18n/text-parts.ts);
// the server holds its own (server.ts).

import { zhCloudPasteImport } from "../locales/zh/admin/cloudpaste-import";
import { zhClipboard } from "../locales/zh/clipboard/clipboard";
import { zhDavErrors } from "../locales/zh/explorer/dav-errors";
import { zhExplorer } from "../locales/zh/explorer/explorer";
import { zhPasteLink } from "../locales/zh/pastes/paste-link";
import { zhPastes } from "../locales/zh/pastes/pastes";
import { zhFileKinds } from "../locales/zh/shares/file-kinds";
import { zhFileLink } from "../locales/zh/shares/file-link";
import { zhFiles } from "../locales/zh/shares/files";
import { zhLinkPreview } from "../locales/zh/shares/link-preview";
import { zhShareLink } from "../locales/zh/shares/share-link";
import { zhShareManage } from "../locales/zh/shares/share-manage";
import { joinTextParts } from "../text-parts";
import { zhAdmin } from "./zh-admin";
import { zhCore } from "./zh-core";
import { zhErrorTexts } from "./zh-errors";

export const zh = {
  translation: joinTextParts(
    zhCore,
    zhPastes,
    zhPasteLink,
    zhFiles,
    zhFileKinds,
    zhFileLink,
    zhShareLink,
    zhShareManage,
    zhExplorer,
    zhAdmin,
    zhClipboard,
    { errors: zhErrorTexts },
    // The server's alone: WebDAV's messages, which no page shows.
    { errors: zhDavErrors },
    // The server's alone: the cards chat apps show for share links.
    zhLinkPreview,
    // The server's alone: the notes of a CloudPaste import's report.
    zhCloudPasteImport,
  ),
};
