// One button that cycles the theme mode auto -> light -> dark. Its label names the current mode and
// what a click does, because the icon alone does not tell a screen-reader user either.
import ComputerDesktopIcon from "@heroicons/react/24/outline/ComputerDesktopIcon";
import MoonIcon from "@heroicons/react/24/outline/MoonIcon";
import SunIcon from "@heroicons/react/24/outline/SunIcon";
import type { ThemeMode } from "@shared/constants";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { nextThemeMode } from "../../lib/preferences/theme";
import { iconButton } from "../class-names";
import type { IconProps } from "../icons";
import { useTheme } from "./theme-provider";

const MODE_ICONS: Record<ThemeMode, ComponentType<IconProps>> = {
  auto: ComputerDesktopIcon,
  light: SunIcon,
  dark: MoonIcon,
};

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode, cycleMode } = useTheme();
  const Icon = MODE_ICONS[mode];
  const label = t("theme.switchLabel", {
    current: t(`theme.modes.${mode}`),
    next: t(`theme.modes.${nextThemeMode(mode)}`),
  });
  return (
    <button
      type="button"
      className={iconButton}
      onClick={cycleMode}
      aria-label={label}
      title={label}
      data-theme-mode={mode}
    >
      <Icon className="size-5" />
    </button>
  );
}
