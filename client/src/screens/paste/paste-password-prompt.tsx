// The password page of a protected paste: the server checks an ordinary paste's password, the page
// itself an encrypted paste's (it is mixed into the key). The page's heading is for screen readers;
// the prompt's is the one seen.
import { useTranslation } from "react-i18next";
import { SharePasswordPrompt, type SharePasswordPromptProps } from "../../components/forms/share-password-prompt";

export function PastePasswordPrompt(
  props: Pick<SharePasswordPromptProps, "description" | "isChecking" | "error" | "onSubmit">,
) {
  const { t } = useTranslation();
  return (
    <div className="py-4 sm:py-10">
      <h1 className="sr-only">{t("screens.paste.title")}</h1>
      <SharePasswordPrompt {...props} kind="pastes" headingLevel={2} testId="password-prompt" />
    </div>
  );
}
