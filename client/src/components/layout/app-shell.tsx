// Page frame: skip link, top bar, main landmark, footer and the toasts. The footer stays at the
// bottom of short pages because the frame is a full-height column.
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Toaster } from "../feedback/toaster";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export const MAIN_CONTENT_ID = "main-content";
const MENU_LAYER_ID = "menu-layer";

/**
 * Where Headless UI opens a menu that must leave its place (a clipped list): a layer at the end of the
 * main landmark, so what the menu lists is part of it for assistive technology (at the end of <body> it
 * would be outside every landmark). Given to `<Portal.Group target>`. Made on demand, outside React's
 * tree, because Headless UI removes a portal target once its last menu has closed.
 */
export const mainMenuLayer = {
  get current(): HTMLElement | null {
    const existing = document.getElementById(MENU_LAYER_ID);
    if (existing) return existing;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return null;
    const layer = document.createElement("div");
    layer.id = MENU_LAYER_ID;
    main.append(layer);
    return layer;
  },
  set current(_unused: HTMLElement | null) {},
};

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();

  // Focus the main landmark instead of following the #hash, which would leave a fragment in the URL.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToContent}
        className="sr-only rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-2 focus:outline-offset-2 focus:outline-indigo-600"
      >
        {t("app.skipToContent")}
      </a>
      <SiteHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10 lg:px-8"
      >
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
