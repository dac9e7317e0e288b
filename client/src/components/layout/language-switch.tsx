// Language picker: a select rather than a toggle, so the choice is announced as a selection and a
// third language would need no new control. It is the browser's own <select>, invisible over the
// button it looks like (icon, current language, chevron): every page's shell carries it, and a
// native select brings its keyboard, screen reader and touch behaviour without a menu library.
import ChevronDownIcon from "@heroicons/react/24/outline/ChevronDownIcon";
import LanguageIcon from "@heroicons/react/24/outline/LanguageIcon";
import { SUPPORTED_LANGUAGES } from "@shared/constants";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "../../i18n";
import { htmlLangFor, isLanguage } from "../../lib/preferences/language";

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = t("language.switchLabel", { current: t(`language.names.${language}`) });
  return (
    <div
      title={label}
      className="relative inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:has-focus-visible:outline-indigo-400"
    >
      <LanguageIcon className="size-5" />
      <span className="hidden sm:inline" lang={htmlLangFor(language)}>
        {t(`language.names.${language}`)}
      </span>
      <ChevronDownIcon className="hidden size-4 opacity-60 sm:block" />
      <select
        aria-label={label}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
      >
        {SUPPORTED_LANGUAGES.map((option) => (
          <option key={option} value={option} lang={htmlLangFor(option)}>
            {t(`language.names.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
