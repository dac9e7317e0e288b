// Whether a backup carries the app secret, sealed with a passphrase, or leaves it out: the same two
// cards for "create now" and for the schedule, each with the hint that fits where it stands.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceCards, FieldGroup } from "../../../components/forms/choice-cards";

export const SECRET_CHOICES = ["seal", "omit"] as const;
export type SecretChoice = (typeof SECRET_CHOICES)[number];

export function SecretChoiceCards({
  name,
  value,
  onChange,
  hint,
  choiceHint,
}: {
  /** The radio inputs' name, and the group's id. */
  name: string;
  value: SecretChoice;
  onChange: (choice: SecretChoice) => void;
  hint?: ReactNode;
  /** The line under each choice's name. */
  choiceHint: (choice: SecretChoice) => string;
}) {
  const { t } = useTranslation();
  return (
    <FieldGroup id={name} legend={t("backups.create.secretLegend")} hint={hint}>
      <ChoiceCards
        name={name}
        choices={SECRET_CHOICES}
        value={value}
        onChange={onChange}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        cardClassName="flex gap-3 rounded-lg p-3.5"
        showsRadio
      >
        {(choice) => (
          <span>
            <span className="block font-medium">{t(`backups.create.choices.${choice}`)}</span>
            <span className="mt-0.5 block text-slate-600 dark:text-slate-400">{choiceHint(choice)}</span>
          </span>
        )}
      </ChoiceCards>
    </FieldGroup>
  );
}
