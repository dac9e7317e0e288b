// Top navigation bar (docs/product.md §1): product mark, the four sections, theme and language switches and
// the source link. Below md the sections move into a collapsible panel under the bar: a button with
// aria-expanded and the panel it controls, kept in React state (no Headless UI in the page shell,
// which every page loads).
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import Bars3Icon from "@heroicons/react/24/outline/Bars3Icon";
import ClipboardIcon from "@heroicons/react/24/outline/ClipboardIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import HomeIcon from "@heroicons/react/24/outline/HomeIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { PRODUCT_NAME } from "@shared/constants";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useAuth } from "../../lib/auth/use-auth";
import { isNavItemActive, NAV_ITEMS, type NavItemId, ROUTES } from "../../routes";
import { cx, focusRing, iconButton } from "../class-names";
import { TOAST_AVOID_ATTRIBUTE, TOAST_HOLD } from "../feedback/toast-placement";
import { type IconProps, LogoMark } from "../icons";
import { LanguageSwitch } from "./language-switch";
import { SourceLink } from "./source-link";
import { ThemeSwitch } from "./theme-switch";

const NAV_ICONS: Record<NavItemId, ComponentType<IconProps>> = {
  home: HomeIcon,
  upload: ArrowUpTrayIcon,
  mountExplorer: FolderIcon,
  clipboard: ClipboardIcon,
  admin: ShieldCheckIcon,
};

export function SiteHeader() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { authType } = useAuth();
  const navItems = NAV_ITEMS.filter((item) => !item.isSignedInOnly || authType !== "none");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  // An open menu closes with Escape, and focus goes back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/70 dark:border-slate-800 dark:bg-slate-950/85 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          href={ROUTES.home}
          aria-label={t("nav.homeLink")}
          className={cx("-m-1 flex shrink-0 items-center gap-2.5 rounded-lg p-1", focusRing)}
          onClick={() => close()}
        >
          <LogoMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">{PRODUCT_NAME}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => {
              const isActive = isNavItemActive(item.href, location);
              return (
                <li key={item.id}>
                  <Link
                    href={item.href}
                    aria-current={isActive ? "page" : undefined}
                    className={cx(
                      "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                      isActive
                        ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
                        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
                      focusRing,
                    )}
                  >
                    {t(`nav.${item.id}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <ThemeSwitch />
          <LanguageSwitch />
          <SourceLink />
          <button
            ref={toggleRef}
            type="button"
            className={cx(iconButton, "md:hidden")}
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            {open ? <XMarkIcon className="size-6" /> : <Bars3Icon className="size-6" />}
          </button>
        </div>
      </div>

      {open ? (
        // The open menu is what the user is reading: toasts go to a corner it does not take (toast-placement.ts).
        <div
          id={panelId}
          className="border-t border-slate-200 md:hidden dark:border-slate-800"
          {...{ [TOAST_AVOID_ATTRIBUTE]: TOAST_HOLD }}
        >
          <nav aria-label={t("nav.label")} className="px-4 py-3 sm:px-6">
            <ul className="flex flex-col gap-1">
              {navItems.map((item) => {
                const isActive = isNavItemActive(item.href, location);
                const Icon = NAV_ICONS[item.id];
                return (
                  <li key={item.id}>
                    <Link
                      href={item.href}
                      aria-current={isActive ? "page" : undefined}
                      onClick={() => close()}
                      className={cx(
                        "flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium transition-colors",
                        isActive
                          ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white",
                        focusRing,
                      )}
                    >
                      <Icon
                        className={cx(
                          "size-5",
                          isActive ? "text-indigo-600 dark:text-indigo-300" : "text-slate-400 dark:text-slate-500",
                        )}
                      />
                      {t(`nav.${item.id}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
