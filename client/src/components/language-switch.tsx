// Language picker: a listbox (a select, semantically) rather than a toggle, so the choice is
// announced as a selection and a third language would need no new control.
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { type Language, SUPPORTED_LANGUAGES } from "@shared/constants";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "../i18n";
import { htmlLangFor } from "../lib/language";
import { cx, focusRing } from "./class-names";
import { CheckIcon, ChevronDownIcon, LanguageIcon } from "./icons";

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = t("language.switchLabel", { current: t(`language.names.${language}`) });
  return (
    <Listbox value={language} onChange={(next: Language) => void changeLanguage(next)}>
      <ListboxButton
        aria-label={label}
        title={label}
        className={cx(
          "inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-open:bg-slate-800",
          focusRing,
        )}
      >
        <LanguageIcon className="size-5" />
        <span className="hidden sm:inline" lang={htmlLangFor(language)}>
          {t(`language.names.${language}`)}
        </span>
        <ChevronDownIcon className="hidden size-4 opacity-60 sm:block" />
      </ListboxButton>
      <ListboxOptions
        anchor={{ to: "bottom end", gap: 8 }}
        className="z-50 w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/5 outline-none dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/30"
      >
        {SUPPORTED_LANGUAGES.map((option) => (
          <ListboxOption
            key={option}
            value={option}
            lang={htmlLangFor(option)}
            className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 select-none data-focus:bg-indigo-50 data-focus:text-indigo-700 dark:text-slate-200 dark:data-focus:bg-indigo-500/15 dark:data-focus:text-indigo-200"
          >
            <CheckIcon className="invisible size-4 text-indigo-600 group-data-selected:visible dark:text-indigo-400" />
            {t(`language.names.${option}`)}
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
