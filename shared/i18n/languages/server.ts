// The texts the server itself says, in both languages: error messages (WebDAV's among them), the cards
// chat apps show for share links, and the notes of a CloudPaste import's report. The pages' own texts
// stay out: holding every screen's texts cost an idle server ~2.7 MiB (docs/performance.md), and
// server/i18n.test.ts checks that every key the server names is here.
import type { Language } from "../../constants";
import { enCloudPasteImport } from "../locales/en/cloudpaste-import";
import { enCoreErrors } from "../locales/en/core-errors";
import { enDavErrors } from "../locales/en/dav-errors";
import { enLinkPreview } from "../locales/en/link-preview";
import { zhCloudPasteImport } from "../locales/zh/cloudpaste-import";
import { zhCoreErrors } from "../locales/zh/core-errors";
import { zhDavErrors } from "../locales/zh/dav-errors";
import { zhLinkPreview } from "../locales/zh/link-preview";
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
