// Every Chinese text, joined (resources.ts). The client loads them in parts (shared/i18n/text-parts.ts);
// the server holds its own (server.ts).
import { zhClipboard } from "../locales/zh/clipboard";
import { zhCloudPasteImport } from "../locales/zh/cloudpaste-import";
import { zhDavErrors } from "../locales/zh/dav-errors";
import { zhExplorer } from "../locales/zh/explorer";
import { zhFileKinds } from "../locales/zh/file-kinds";
import { zhFileLink } from "../locales/zh/file-link";
import { zhFiles } from "../locales/zh/files";
import { zhLinkPreview } from "../locales/zh/link-preview";
import { zhPasteLink } from "../locales/zh/paste-link";
import { zhPastes } from "../locales/zh/pastes";
import { zhShareLink } from "../locales/zh/share-link";
import { zhShareManage } from "../locales/zh/share-manage";
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
