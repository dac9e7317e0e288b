// Sets document.title to "<page> - Pastebox" (docs/product.md §2). The page name comes translated, so the
// title follows a language switch as soon as the caller re-renders with the new text. A route names
// its page; the screen it shows may name it more exactly while it is shown (a paste by its first
// line), through useScreenTitle: the route keeps the one document.title, so neither overwrites the other.
import { PRODUCT_NAME } from "@shared/constants";
import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";

export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const title = t("titles.format", { page, product: PRODUCT_NAME });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

const ScreenTitleContext = createContext<(page: string | null) => void>(() => undefined);

/** Given by the route: what its screen calls its page, or null for the route's own name. */
export const ScreenTitleProvider = ScreenTitleContext.Provider;

/** Names the page `page` while the calling component is shown (null: the route's own name). */
export function useScreenTitle(page: string | null): void {
  const setScreenTitle = useContext(ScreenTitleContext);
  useEffect(() => {
    setScreenTitle(page);
    return () => setScreenTitle(null);
  }, [page, setScreenTitle]);
}
