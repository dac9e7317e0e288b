// The texts the server itself says, in both languages: error messages (WebDAV's among them), the cards
// chat apps show for share links, and the notes of a CloudPaste import's report. The pages' own texts
// stay out: holding every screen's texts cost an idle server ~2.7 MiB (docs/performance.md), and
// server/i18n.test.ts checks that every key the server names is here.
import type { Language } from "../../constants";
import { enCloudPasteImport } from "../locales/en/admin/cloudpaste-import";
import { enCoreErrors } from "../locales/en/app/core-errors";
import { enDavErrors } from "../locales/en/explorer/dav-errors";
import { enLinkPreview } from "../locales/en/shares/link-preview";
import { zhCloudPasteImport } from "../locales/zh/admin/cloudpaste-import";
import { zhCoreErrors } from "../locales/zh/app/core-errors";
import { zhDavErrors } from "../locales/zh/explorer/dav-errors";
import { zhLinkPreview } from "../locales/zh/shares/link-preview";
import { enErrorTexts } from "./en-errors";
import { zhErrorTexts } from "./zh-errors";

export const serverTexts = {
  en: {
    translation: {
      errors: { ...enCoreErrors, ...enErrorTexts, ...enDavErrors },
      ...enLinkPreview,
      ...enCloudPasteImport,
    },
  },
  zh: {
    translation: {
      errors: { ...zhCoreErrors, ...zhErrorTexts, ...zhDavErrors },
      ...zhLinkPreview,
      ...zhCloudPasteImport,
    },
  },
} satisfies Record<Language, { translation: object }>;
