// An end-to-end encrypted paste (docs/encrypted-shares.md): the server delivered its envelope (and
// counted the view); the key is in this page's fragment, and a password, when the sender set one, is
// asked here and never sent. Decrypted, the paste renders exactly as an ordinary one.
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "../../components/feedback/page-spinner";
import type { UndecryptableProblem } from "../../components/feedback/share-problem";
import { ShareGone } from "../../components/feedback/share-problem";
import { PastePasswordPrompt } from "./paste-password-prompt";

// Loaded only for encrypted pastes: ordinary paste links do not pay for the envelope's schema.
const loadFormat = () => import("@shared/encryption/encrypted-share");

type State =
  | { step: "decrypting" }
  | { step: "password"; isChecking: boolean; error: string | null }
  | { step: "open"; text: string }
  | { step: "problem"; problem: UndecryptableProblem };

export function EncryptedPaste({ envelope, children }: { envelope: string; children: (text: string) => ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: "decrypting" });

  useEffect(() => {
    let isCurrent = true;
    const settle = (next: State) => {
      if (isCurrent) setState(next);
    };
    void (async () => {
      const format = await loadFormat();
      const key = format.linkKeyFromFragment(window.location.hash);
      const parsed = format.parseEnvelope(envelope);
      if (!key) return settle({ step: "problem", problem: "missingKey" });
      if (!parsed) return settle({ step: "problem", problem: "wrongKey" });
      if (format.envelopeNeedsPassword(parsed)) return settle({ step: "password", isChecking: false, error: null });
      try {
        settle({ step: "open", text: await format.decryptText(envelope, key) });
      } catch {
        settle({ step: "problem", problem: "wrongKey" });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [envelope]);

  const tryPassword = async (password: string) => {
    setState({ step: "password", isChecking: true, error: null });
    const format = await loadFormat();
    const key = format.linkKeyFromFragment(window.location.hash) ?? "";
    try {
      setState({ step: "open", text: await format.decryptText(envelope, key, password) });
    } catch {
      setState({ step: "password", isChecking: false, error: t("pastes.encrypted.wrongPassword") });
    }
  };

  if (state.step === "decrypting") return <PageSpinner label={t("pastes.view.decrypting")} />;
  if (state.step === "problem") return <ShareGone kind="pastes" problem={state.problem} />;
  if (state.step === "password") {
    return (
      <PastePasswordPrompt
        description={t("pastes.encrypted.passwordDescription")}
        isChecking={state.isChecking}
        error={state.error}
        onSubmit={(password) => void tryPassword(password)}
      />
    );
  }
  return children(state.text);
}
