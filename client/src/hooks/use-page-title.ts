// Sets document.title to "<page> - Pastebox" (docs/product.md §2). The page name comes translated, so the
// title follows a language switch as soon as the caller re-renders with the new text.
import { PRODUCT_NAME } from "@shared/constants";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const title = t("titles.format", { page, product: PRODUCT_NAME });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
