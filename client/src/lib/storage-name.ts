// The name a storage configuration is shown by. The local storage the server creates at first start is
// stored under an English name (DEFAULT_STORAGE_NAME); every screen shows it in the reader's language
// instead, until someone renames it: a name someone typed is shown exactly as typed.
import { DEFAULT_STORAGE_NAME } from "@shared/constants";
import type { TFunction } from "i18next";

/** The stored `name` as the reader should see it (`t`: the screen's translation). */
export function storageDisplayName(name: string, t: TFunction): string {
  return name === DEFAULT_STORAGE_NAME ? t("storage.systemDefault") : name;
}
